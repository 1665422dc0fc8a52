/**
 * After a trading day, every client with a fill gets that day's contract notes by e-mail:
 * one PDF, a page a note, opened with their PAN in capitals. The row per (day, client) makes
 * a re-run (the job runs every half hour, and again the next day) send nothing twice; a client
 * without a verified address or a PAN on record is recorded as skipped, with the reason, for
 * operations to follow up.
 */
import { and, eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import { PAN } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
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

/** The client's PAN in capitals: the password of every document e-mailed to them. */
export async function panOf(kyc: KycService, clientId: string): Promise<string | null> {
  const record = await kyc.detail(clientId, '', { unmasked: true });
  const pan = record?.id_no.toUpperCase() ?? '';
  return record?.id_type === 'pan' && PAN.test(pan) ? pan : null;
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
 * Clients whose notes are made at once: one a worker thread, and one more reading its notes
 * from PostgreSQL meanwhile, so no thread waits for the database. Each holds at most two pooled
 * connections at a time (its address and PAN are read together) and none while its PDF is
 * made, so on this 2-core box three leave the requests most of the pool.
 */
export const notesAtOnce = (threads: number) => threads + 1;

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
  const limit = pLimit(notesAtOnce(deps.notePdfs.threads));
  const outcomes = await Promise.all(
    [...byClient]
      .filter(([clientId]) => !done.has(clientId))
      .map(([clientId, numbers]) => limit(() => deliverClientNotes(deps, day, clientId, numbers))),
  );
  return {
    clients: byClient.size,
    queued: outcomes.filter((o) => o === 'queued').length,
    skipped: outcomes.filter((o) => o === 'skipped').length,
  };
}

/**
 * One client's notes of the day: claimed by their (day, client) row, then queued as one
 * message, or recorded as skipped with the reason. Answers what became of them; null when
 * another run had claimed them first.
 */
async function deliverClientNotes(
  deps: DeliverDeps,
  day: string,
  clientId: string,
  numbers: string[],
): Promise<'queued' | 'skipped' | null> {
  const { db, clock } = deps;
  const [address, pan] = await Promise.all([
    deps.email.verifiedAddressOf(clientId),
    panOf(deps.kyc, clientId),
  ]);
  const skippedReason = !address ? SKIP_NO_EMAIL : !pan ? SKIP_NO_PAN : null;
  const pdf =
    address && pan
      ? await deps.signer.sign(
          await deps.notePdfs.make({
            notes: await Promise.all(
              numbers.map((no) => deps.trading.contractNotes.note(clientId, no)),
            ),
            day,
            password: pan,
          }),
        )
      : null;
  return inTransaction(db, async (tx) => {
    const [claimed] = await tx
      .insert(noteDeliveries)
      .values({
        tradeDate: day,
        clientId,
        notes: numbers.length,
        skippedReason,
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning({ clientId: noteDeliveries.clientId });
    if (!claimed) return null;
    if (!pdf || !address) return 'skipped';
    const mailId = await deps.mail.enqueue(tx, {
      purpose: 'contract_note',
      clientId,
      to: address,
      ...noteMail(day, numbers.length),
      attachments: [
        { filename: `contract-note-${day}.pdf`, contentType: 'application/pdf', content: pdf },
      ],
    });
    await tx
      .update(noteDeliveries)
      .set({ mailId })
      .where(and(eq(noteDeliveries.tradeDate, day), eq(noteDeliveries.clientId, clientId)));
    return 'queued';
  });
}
