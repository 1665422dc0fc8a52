/**
 * After a trading day, every client with a fill gets that day's contract notes by e-mail:
 * one PDF, a page a note, opened with their PAN in capitals. The row per (day, client) makes
 * a re-run (the job runs every half hour, and again the next day) send nothing twice; a client
 * without a verified address or a PAN on record is recorded as skipped, with the reason, for
 * operations to follow up.
 */
import { eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { PAN } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DocumentSigner } from '../../platform/document-signing.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { EmailService } from '../email/service.ts';
import type { KycService } from '../kyc/service.ts';
import type { MailService } from '../mail/service.ts';
import type { DayNotesPdfPool, TradingService } from '../trading/service.ts';
import { noteDeliveries } from './tables.ts';

export type DeliverDeps = {
  db: Db;
  clock: Clock;
  trading: TradingService;
  kyc: KycService;
  email: EmailService;
  mail: MailService;
  /** The firm's signature on every e-mailed note (platform/document-signing.ts). */
  signer: DocumentSigner;
  /** Where the PDFs are made: worker threads (trading/day-notes-pdf-pool.ts). */
  notePdfs: DayNotesPdfPool;
};

export const SKIP_NO_EMAIL = 'No verified e-mail address';
export const SKIP_NO_PAN = 'No PAN on record';

/** A KYC ID as a PAN in capitals, or null when it is no well-formed PAN. */
function panFrom(idType: string, idNo: string): string | null {
  const pan = idNo.toUpperCase();
  return idType === 'pan' && PAN.test(pan) ? pan : null;
}

/** The client's PAN in capitals: the password of every document e-mailed to them. */
export async function panOf(kyc: KycService, clientId: string): Promise<string | null> {
  const record = await kyc.detail(clientId, '', { unmasked: true });
  return record ? panFrom(record.id_type, record.id_no) : null;
}

const noteMail = (day: string, count: number) => ({
  subject: `Contract note for ${day}`,
  body: [
    `Attached is your contract note for ${day} (${count} ${count === 1 ? 'trade' : 'trades'}).`,
    'The PDF opens with your PAN in capital letters.',
    '',
    'Check it, and tell us within 24 hours of anything you do not recognise.',
  ].join('\n'),
});

/**
 * Clients taken together: their addresses, PANs and notes read in one query each, their PDFs
 * made in the worker threads meanwhile, and their rows and messages written in one
 * transaction of four statements. Each client alone cost nine statements, and on this box each
 * statement's write to PostgreSQL's socket was the largest cost left on the event loop
 * (decision 066).
 */
export const CLIENTS_A_BATCH = 16;
/** Batches under way at once: one being read or written while the other's PDFs are made. */
const BATCHES_AT_ONCE = 2;

export async function deliverDayNotes(deps: DeliverDeps, day: string) {
  const byClient = await deps.trading.contractNotes.numbersOn(day);
  const done = new Set(
    (
      await deps.db
        .select({ clientId: noteDeliveries.clientId })
        .from(noteDeliveries)
        .where(eq(noteDeliveries.tradeDate, day))
    ).map((r) => r.clientId),
  );
  const pending = [...byClient.keys()].filter((clientId) => !done.has(clientId));
  const limit = pLimit(BATCHES_AT_ONCE);
  const batches = [];
  for (let i = 0; i < pending.length; i += CLIENTS_A_BATCH)
    batches.push(pending.slice(i, i + CLIENTS_A_BATCH));
  const outcomes = (
    await Promise.all(batches.map((batch) => limit(() => deliverBatch(deps, day, batch))))
  ).flat();
  return {
    clients: byClient.size,
    queued: outcomes.filter((o) => o === 'queued').length,
    skipped: outcomes.filter((o) => o === 'skipped').length,
  };
}

/** Each client's PAN in capitals, for those whose latest KYC names a well-formed one. */
async function pansOf(kyc: KycService, clientIds: string[]): Promise<Map<string, string>> {
  const pans = new Map<string, string>();
  for (const [clientId, { idType, idNo }] of await kyc.latestIdsOf(clientIds)) {
    const pan = panFrom(idType, idNo);
    if (pan) pans.set(clientId, pan);
  }
  return pans;
}

type Prepared = {
  clientId: string;
  notes: number;
  address: string | null;
  skippedReason: string | null;
  pdf: Buffer | null;
};

/**
 * A batch of clients' notes of the day: each claimed by its (day, client) row, then queued as
 * one message, or recorded as skipped with the reason. Answers what became of each client;
 * null for one another run had claimed first.
 */
async function deliverBatch(deps: DeliverDeps, day: string, clientIds: string[]) {
  const [addresses, pans, notesOf] = await Promise.all([
    deps.email.verifiedAddresses(clientIds),
    pansOf(deps.kyc, clientIds),
    deps.trading.contractNotes.ofClientsOn(day, clientIds),
  ]);
  const prepared: Prepared[] = await Promise.all(
    clientIds.map(async (clientId) => {
      const address = addresses.get(clientId) ?? null;
      const pan = pans.get(clientId) ?? null;
      const notes = notesOf.get(clientId) ?? [];
      const skippedReason = !address ? SKIP_NO_EMAIL : !pan ? SKIP_NO_PAN : null;
      const pdf =
        address && pan
          ? await deps.signer.sign(await deps.notePdfs.make({ notes, day, password: pan }))
          : null;
      return { clientId, notes: notes.length, address, skippedReason, pdf };
    }),
  );
  return inTransaction(deps.db, (tx) => recordBatch(deps, tx, day, prepared));
}

/** The claims, the messages of the clients claimed here, and each claim's message. */
async function recordBatch(deps: DeliverDeps, tx: Executor, day: string, batch: Prepared[]) {
  // In one order in every run, so two runs claiming the same clients never deadlock.
  const rows = [...batch].sort((a, b) => (a.clientId < b.clientId ? -1 : 1));
  const claimed = new Set(
    (
      await tx
        .insert(noteDeliveries)
        .values(
          rows.map((r) => ({
            tradeDate: day,
            clientId: r.clientId,
            notes: r.notes,
            skippedReason: r.skippedReason,
            createdAt: deps.clock.now(),
          })),
        )
        .onConflictDoNothing()
        .returning({ clientId: noteDeliveries.clientId })
    ).map((r) => r.clientId),
  );
  const sending = rows.filter((r) => claimed.has(r.clientId) && r.pdf && r.address);
  const mailIds = await deps.mail.enqueueMany(
    tx,
    sending.map((r) => ({
      purpose: 'contract_note',
      clientId: r.clientId,
      to: r.address!,
      ...noteMail(day, r.notes),
      attachments: [
        { filename: `contract-note-${day}.pdf`, contentType: 'application/pdf', content: r.pdf! },
      ],
    })),
  );
  if (sending.length > 0) {
    const pairs = sql.join(
      sending.map((r, i) => sql`(${r.clientId}::uuid, ${mailIds[i]}::uuid)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${noteDeliveries} set mail_id = v.mail_id
      from (values ${pairs}) as v(client_id, mail_id)
      where ${noteDeliveries.tradeDate} = ${day} and ${noteDeliveries.clientId} = v.client_id`);
  }
  return batch.map((r): 'queued' | 'skipped' | null =>
    !claimed.has(r.clientId) ? null : r.pdf && r.address ? 'queued' : 'skipped',
  );
}
