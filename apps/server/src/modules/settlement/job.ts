/**
 * The leader's settlement job (decision 052): on each settlement date of the exchange
 * calendar, once the market has closed (the date's end-of-day obligations are then known),
 * it prepares that date's batch by itself — audited as the system — and the batch waits for
 * an operations officer's approval as every batch does. Once per date: a date that already
 * has a batch, in any state, is left alone (a rejected one is the officers' call to prepare
 * again), and two ticks or two instances racing are settled by the one-live-batch-per-date
 * unique index (prepare.ts answers 409). A date the leader missed is not caught up: an
 * officer prepares it, as before the job.
 */
import { eq } from 'drizzle-orm';
import { istDayOf, istMinuteOfDay } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { CLOSE_MINUTE } from '../market/service.ts';
import { cyclesDueOn } from './dates.ts';
import type { createPrepare } from './prepare.ts';
import { settlementBatches } from './tables.ts';

export const SETTLEMENT_JOB: Actor = { type: 'system', id: 'settlement-job' };

type Deps = {
  db: Db;
  clock: Clock;
  isTradingDay: (day: string) => boolean;
  prepare: ReturnType<typeof createPrepare>;
};

export function createSettlementJob({ db, clock, isTradingDay, prepare }: Deps) {
  /** Today's batch if today is a settlement date past the close and has none; its id, or null. */
  async function runDue(): Promise<string | null> {
    const now = clock.now();
    const today = istDayOf(now);
    if (cyclesDueOn(today, isTradingDay).length === 0) return null;
    if (istMinuteOfDay(now) < CLOSE_MINUTE) return null;
    const [existing] = await db
      .select({ id: settlementBatches.id })
      .from(settlementBatches)
      .where(eq(settlementBatches.settlementDate, today))
      .limit(1);
    if (existing) return null;
    try {
      return await prepare(today, null, SETTLEMENT_JOB);
    } catch (error) {
      // Another tick or instance prepared it first: the date has its one batch.
      if (error instanceof AppError && error.status === 409) return null;
      throw error;
    }
  }

  function startJobs(everyMs: number, log: (message: string, error: unknown) => void) {
    let running: Promise<unknown> | null = null;
    const tick = () => {
      running ??= runDue()
        .catch((error: unknown) => log('settlement batch preparation failed', error))
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
  }

  return { runDue, startJobs };
}
