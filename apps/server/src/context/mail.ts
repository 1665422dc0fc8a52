/** Outgoing mail and what is sent by it: verified addresses, nominees, grievances, notes, statements. */
import { createEmailService } from '../modules/email/service.ts';
import { createGrievanceService } from '../modules/grievances/service.ts';
import { createMailService } from '../modules/mail/service.ts';
import { createMailTransport } from '../modules/mail/transport.ts';
import { createNomineeService } from '../modules/nominees/service.ts';
import { createNoteDeliveryService } from '../modules/note-delivery/service.ts';
import { createStatementsService } from '../modules/statements/service.ts';
import type { ClaimsWiring } from './claims.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';
import type { Late } from './late.ts';
import type { MarketsWiring } from './markets.ts';
import type { OfficeWiring } from './office.ts';

export function wireMail(
  { config, db, clock, secrets, documentSigner: signer }: Foundation,
  { clients, kyc }: ClientsWiring,
  { ledger }: OfficeWiring,
  { trading, funds }: MarketsWiring,
  { compensation }: ClaimsWiring,
  late: Late,
) {
  // Outgoing mail: SMTP_URL when set, else .eml files under DATA_DIR/outbox/ (decision 031).
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
  late.mail = mail;
  late.email = email;
  const nominees = createNomineeService({
    db,
    clock,
    dataKey: secrets.dataKey,
    clients,
    email,
    mail,
  });
  // A client's grievances list shows their compensation claims beside their complaints.
  const grievances = createGrievanceService({
    db,
    clock,
    clients,
    email,
    mail,
    claimsOf: async (clientId) =>
      (await compensation.claims.applicationsOf(clientId)).map(({ view }) => ({
        id: view.id,
        reference: view.reference,
        category: view.category,
        status: view.status,
        created_at: view.created_at,
        decision_due: view.decision_due,
        overdue: view.overdue,
        reason: view.reason,
        decided_at: view.decided_at,
      })),
  });
  const noteDelivery = createNoteDeliveryService({
    db,
    clock,
    clients,
    trading,
    kyc,
    email,
    mail,
    signer,
  });
  const statements = createStatementsService({
    db,
    clock,
    clients,
    email,
    funds,
    ledger,
    mail,
    trading,
    kyc,
    signer,
  });
  return { mail, email, nominees, grievances, noteDelivery, statements };
}
export type MailWiring = ReturnType<typeof wireMail>;
