/**
 * Contract notes by e-mail (docs/api-duties.md, decision 031): the leader's job sends each
 * trading day's notes once the day is over, and catches up the day before; the console shows
 * a day's run with each message's delivery status.
 */
import { istDateOf, istTime } from '../../platform/ist.ts';
import type { ClientService } from '../clients/service.ts';
import { dayRun } from './day-run.ts';
import { type DeliverDeps, deliverDayNotes } from './deliver-day.ts';
import { createDayNotesPdfPool } from '../trading/service.ts';

export { panOf, SKIP_NO_PAN } from './deliver-day.ts';

/** Notes go out after the close and the day's settlement postings: from 16:00 IST. */
export const SEND_FROM_IST_HOUR = 16;

/** The calendar day before `day` (YYYY-MM-DD). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export function createNoteDeliveryService(
  given: Omit<DeliverDeps, 'notePdfs'> & { clients: ClientService },
) {
  const { db, clock } = given;
  const notePdfs = createDayNotesPdfPool();
  const deps = { ...given, notePdfs };

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
        await notePdfs.close();
      };
    },

    /** A day's run for the console: every client with fills, and what became of their mail. */
    run: (day: string) => dayRun({ db, clients: deps.clients, mail: deps.mail }, day),
  };
}
export type NoteDeliveryService = ReturnType<typeof createNoteDeliveryService>;
