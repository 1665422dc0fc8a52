/**
 * Outgoing mail and the clients' verified addresses: built before the markets, since a margin
 * call mails the client from inside credit, and they need nothing but the clients.
 */
import { createEmailService } from '../modules/email/service.ts';
import { createMailService } from '../modules/mail/service.ts';
import { createMailTransport } from '../modules/mail/transport.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';

export function wireOutbox({ config, db, clock }: Foundation, { clients }: ClientsWiring) {
  // SMTP_URL when set, else .eml files under DATA_DIR/outbox/ (decision 031).
  const mail = createMailService({
    db,
    clock,
    transport: createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
    }),
  });
  const email = createEmailService({ db, clock, clients, mail });
  return { mail, email };
}
export type OutboxWiring = ReturnType<typeof wireOutbox>;
