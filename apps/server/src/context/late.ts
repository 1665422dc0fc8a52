/**
 * Services an earlier one calls only once it runs (a fill asks engagement for a discount, a
 * margin call mails the client): each is set here as construction reaches it.
 */
import type { EmailService } from '../modules/email/service.ts';
import type { EngagementService } from '../modules/engagement/service.ts';
import type { MailService } from '../modules/mail/service.ts';

export type Late = { engagement: EngagementService; email: EmailService; mail: MailService };

/** Empty until construction fills it in; nothing is called before createContext returns. */
export const lateServices = () => ({}) as Late;
