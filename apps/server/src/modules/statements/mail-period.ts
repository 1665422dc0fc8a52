/**
 * A period's statements by e-mail (issue 36): every client whose money moved in the period gets
 * its statement of funds (opening, every ledger line, closing, each trade's charges itemised,
 * the nominees) and its statement of securities (holdings with value, as at the run), as two
 * PDFs in one message. The row per (period,
 * client) makes a re-run send nothing twice; a client without a verified address is recorded
 * as skipped for operations to follow up.
 */
import { and, eq } from 'drizzle-orm';
import { asIstDay, istDayEnd, istDayStart } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DocumentSigner } from '../../platform/document-signing.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { accountNumber, type ClientService } from '../clients/service.ts';
import type { EmailService } from '../email/service.ts';
import type { KycService } from '../kyc/service.ts';
import { statementPdf, type FundsService } from '../funds/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { MailService } from '../mail/service.ts';
import type { NomineeService } from '../nominees/service.ts';
import { panOf, SKIP_NO_PAN } from '../note-delivery/service.ts';
import type { TradingService } from '../trading/service.ts';
import { fundsStatement } from './funds-statement.ts';
import { holdingsStatementPdf } from './holdings-statement.ts';
import type { StatementPeriod } from './periods.ts';
import { statementDeliveries } from './tables.ts';

export type StatementDeps = {
  db: Db;
  clock: Clock;
  clients: ClientService;
  email: EmailService;
  funds: FundsService;
  ledger: LedgerService;
  mail: MailService;
  trading: TradingService;
  kyc: KycService;
  /** The nominees on record, which the statement of funds lists. */
  nominees: NomineeService;
  /** The firm's signature on every e-mailed statement (platform/document-signing.ts). */
  signer: DocumentSigner;
};

export const SKIP_NO_EMAIL = 'No verified e-mail address';
export { SKIP_NO_PAN };

const periodMail = (period: StatementPeriod) => ({
  subject: `Your ${period.kind === 'quarter' ? 'quarterly statement of accounts' : 'monthly statement'} for ${period.from} to ${period.to}`,
  body: [
    `Attached are your statement of funds for ${period.from} to ${period.to} (IST) and your`,
    'statement of securities as at the time of this message. Both open with your PAN in',
    'capital letters.',
    '',
    'Check them, and tell us within 30 days of anything you do not recognise.',
  ].join('\n'),
});

async function attachmentsOf(
  deps: StatementDeps,
  clientId: string,
  period: StatementPeriod,
  pan: string,
) {
  const sealed = { password: pan, signer: deps.signer };
  const now = deps.clock.now();
  const client = await deps.clients.byId(clientId);
  const [funds, holdings] = await Promise.all([
    fundsStatement(deps, clientId, period, now),
    deps.trading.portfolio.holdingsOf(clientId),
  ]);
  const identity = { name: client.name ?? '', uid: client.uid, account: accountNumber(client.uid) };
  return [
    {
      filename: `statement-of-funds-${period.name}.pdf`,
      contentType: 'application/pdf',
      content: await statementPdf(funds, sealed),
    },
    {
      filename: `statement-of-securities-${period.name}.pdf`,
      contentType: 'application/pdf',
      content: await holdingsStatementPdf({ client: identity, asAt: now, holdings }, sealed),
    },
  ];
}

export async function mailPeriodStatements(deps: StatementDeps, period: StatementPeriod) {
  const { db, clock } = deps;
  const clients = await deps.ledger.clientsWithLines(
    istDayStart(asIstDay(period.from)),
    istDayEnd(asIstDay(period.to)),
  );
  const done = new Set(
    (
      await db
        .select({ clientId: statementDeliveries.clientId })
        .from(statementDeliveries)
        .where(eq(statementDeliveries.period, period.name))
    ).map((r) => r.clientId),
  );
  let queued = 0;
  let skipped = 0;
  let already = 0;
  for (const clientId of clients) {
    if (done.has(clientId)) {
      already += 1;
      continue;
    }
    const [address, pan] = await Promise.all([
      deps.email.verifiedAddressOf(clientId),
      panOf(deps.kyc, clientId),
    ]);
    const skippedReason = !address ? SKIP_NO_EMAIL : !pan ? SKIP_NO_PAN : null;
    const attachments = address && pan ? await attachmentsOf(deps, clientId, period, pan) : null;
    const outcome = await inTransaction(db, async (tx) => {
      const [claimed] = await tx
        .insert(statementDeliveries)
        .values({
          period: period.name,
          clientId,
          skippedReason,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ clientId: statementDeliveries.clientId });
      if (!claimed) return 'already' as const;
      if (!address || !attachments) return 'skipped' as const;
      const mailId = await deps.mail.enqueue(tx, {
        purpose: period.kind === 'quarter' ? 'quarterly_statement' : 'monthly_statement',
        clientId,
        to: address,
        ...periodMail(period),
        attachments,
      });
      await tx
        .update(statementDeliveries)
        .set({ mailId })
        .where(
          and(
            eq(statementDeliveries.period, period.name),
            eq(statementDeliveries.clientId, clientId),
          ),
        );
      return 'queued' as const;
    });
    if (outcome === 'queued') queued += 1;
    else if (outcome === 'skipped') skipped += 1;
    else already += 1;
  }
  return { period: period.name, clients: clients.length, queued, skipped, already };
}
