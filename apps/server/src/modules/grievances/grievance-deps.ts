/** What the grievance use cases are built on. */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ClientService } from '../clients/service.ts';
import type { EmailService } from '../email/service.ts';
import type { MailService } from '../mail/service.ts';

/** A compensation claim as the grievance list shows it (from compensation's service). */
export type ClaimSummary = {
  id: string;
  reference: string;
  category: string;
  status: string;
  created_at: string;
  decision_due: string;
  overdue: boolean;
  reason: string | null;
  decided_at: string | null;
};

export type GrievanceDeps = {
  db: Db;
  clock: Clock;
  clients: ClientService;
  email: EmailService;
  mail: MailService;
  claimsOf: (clientId: string) => Promise<ClaimSummary[]>;
};
