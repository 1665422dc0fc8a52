/**
 * Contract notes by e-mail (docs/api-duties.md, decision 031): the leader's job sends each
 * trading day's notes once the day is over, and catches up the day before; the console shows
 * a day's run with each message's delivery status.
 */
import { asc, eq } from 'drizzle-orm';
import type { TNoteDeliveryRun } from '@sampada/shared';
import { istDateOf, istTime } from '../../platform/ist.ts';
import { type DeliverDeps, deliverDayNotes } from './deliver-day.ts';
import { noteDeliveries } from './tables.ts';

/** Notes go out after the close and the day's settlement postings: from 16:00 IST. */
export const SEND_FROM_IST_HOUR = 16;

/** The calendar day before `day` (YYYY-MM-DD). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export function createNoteDeliveryService(deps: DeliverDeps) {
  const { db, clock } = deps;

  /** The days due now: yesterday (a catch-up), and today once it is past 16:00 IST. */
  function dueDays(now: Date): string[] {
    const today = istDateOf(now);
    const hour = Number(istTime(now).slice(11, 13));
    return [dayBefore(today), ...(hour >= SEND_FROM_IST_HOUR ? [today] : [])];
  }

  async function runDue() {
    for (const day of dueDays(clock.now())) await deliverDayNotes(deps, day);
  }

  return {
    deliverDay: (day: string) => deliverDayNotes(deps, day),
    dueDays,

    startJobs(everyMs: number, log: (message: string, error: unknown) => void) {
      let running: Promise<void> | null = null;
      const tick = () => {
        running ??= runDue()
          .catch((error: unknown) => log('contract-note delivery failed', error))
          .finally(() => {
            running = null;
          });
      };
      tick();
      const timer = setInterval(tick, everyMs);
      return async () => {
        clearInterval(timer);
        await running;
      };
    },

    /** A day's run for the console: every client with fills, and what became of their mail. */
    async run(day: string): Promise<TNoteDeliveryRun> {
      const rows = await db
        .select()
        .from(noteDeliveries)
        .where(eq(noteDeliveries.tradeDate, day))
        .orderBy(asc(noteDeliveries.createdAt));
      const mails = await deps.mail.byIds(rows.flatMap((r) => (r.mailId ? [r.mailId] : [])));
      const items = rows.map((r) => {
        const mail = r.mailId ? mails.get(r.mailId) : undefined;
        return {
          client_id: r.clientId,
          notes: r.notes,
          skipped_reason: r.skippedReason,
          status: mail?.status ?? ('skipped' as const),
          attempts: mail?.attempts ?? 0,
          last_error: mail?.last_error ?? null,
          sent_at: mail?.sent_at ?? null,
          overdue: mail ? mail.overdue : true,
        };
      });
      const tally = (status: string) => items.filter((i) => i.status === status).length;
      return {
        date: day,
        counts: {
          sent: tally('sent'),
          queued: tally('queued') + tally('sending'),
          failed: tally('failed'),
          skipped: tally('skipped'),
          retried: items.filter((i) => i.attempts > 1).length,
        },
        items,
      };
    },
  };
}
export type NoteDeliveryService = ReturnType<typeof createNoteDeliveryService>;
