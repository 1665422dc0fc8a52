/** What is sent by mail: nominees, grievances, contract notes, statements (the outbox is outbox.ts). */
import { createGrievanceService } from '../modules/grievances/service.ts';
import { createNomineeService } from '../modules/nominees/service.ts';
import { createNoteDeliveryService } from '../modules/note-delivery/service.ts';
import { createStatementsService } from '../modules/statements/service.ts';
import type { ClaimsWiring } from './claims.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';
import type { MarketsWiring } from './markets.ts';
import type { OfficeWiring } from './office.ts';
import type { OutboxWiring } from './outbox.ts';

export function wireMail(
  { db, clock, secrets, documentSigner: signer }: Foundation,
  { clients, kyc }: ClientsWiring,
  { ledger }: OfficeWiring,
  { trading, funds }: MarketsWiring,
  { compensation }: ClaimsWiring,
  { mail, email }: OutboxWiring,
) {
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
    nominees,
    signer,
  });
  return { mail, email, nominees, grievances, noteDelivery, statements };
}
export type MailWiring = ReturnType<typeof wireMail>;
