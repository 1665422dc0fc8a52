/**
 * The lending benchmark a floating rate moves with (decision 061): its rate on a day, its
 * history, and an admin setting a new rate from today or a later IST day (never an earlier
 * one: loans already charged at the old rate would be wrong), audited. A floating product is
 * priced on the benchmark of the day it is quoted.
 */
import { randomUUID } from 'node:crypto';
import { desc, lte } from 'drizzle-orm';
import {
  BENCHMARK_NAME,
  LM,
  type TBenchmark,
  type TBenchmarkInput,
  type TBenchmarkRate,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { floatingRateBps } from './floating-rate.ts';
import { istDay } from './interest.ts';
import { creditBenchmarkRates } from './tables.ts';
import type { ProductRow } from './views.ts';

type Row = typeof creditBenchmarkRates.$inferSelect;

const rateView = (row: Row): TBenchmarkRate => ({
  id: row.id,
  effective_from: row.effectiveFrom,
  rate_bps: row.rateBps,
  set_by: row.setBy,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

/** The row in force on `day`: the latest day on or before it, the later-set row of one day. */
async function rowOn(executor: Executor, day: string): Promise<Row | null> {
  const [row] = await executor
    .select()
    .from(creditBenchmarkRates)
    .where(lte(creditBenchmarkRates.effectiveFrom, day))
    .orderBy(desc(creditBenchmarkRates.effectiveFrom), desc(creditBenchmarkRates.createdAt))
    .limit(1);
  return row ?? null;
}

/** The benchmark's rate on an IST day; null before any rate was in force. */
export async function benchmarkOn(executor: Executor, day: string): Promise<number | null> {
  return (await rowOn(executor, day))?.rateBps ?? null;
}

/**
 * The product as it is priced on `day`: a floating product's rate is the benchmark plus its
 * spread (409 while no benchmark is set); a fixed one's is its own.
 */
export async function pricedOn(executor: Executor, product: ProductRow, day: string) {
  if (product.rateType !== 'floating') return { product, benchmarkBps: null };
  const benchmarkBps = await benchmarkOn(executor, day);
  if (benchmarkBps === null) throw conflict(LM.benchmarkMissing);
  const annualRateBps = floatingRateBps(benchmarkBps, product.spreadBps);
  return { product: { ...product, annualRateBps }, benchmarkBps };
}

export function createBenchmark({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async read(): Promise<TBenchmark> {
      const today = istDay(clock.now());
      const history = await db
        .select()
        .from(creditBenchmarkRates)
        .orderBy(desc(creditBenchmarkRates.effectiveFrom), desc(creditBenchmarkRates.createdAt));
      const current = await rowOn(db, today);
      return {
        name: BENCHMARK_NAME,
        current: current ? rateView(current) : null,
        history: history.map(rateView),
      };
    },

    /** A new rate from `effective_from` (today or later), by an admin, with the reason. */
    async set(input: TBenchmarkInput, staffId: string, actor: Actor): Promise<TBenchmark> {
      if (input.effective_from < istDay(clock.now())) throw badRequest(LM.benchmarkDatePast);
      await inTransaction(db, async (tx) => {
        const before = await benchmarkOn(tx, input.effective_from);
        const id = randomUUID();
        await tx.insert(creditBenchmarkRates).values({
          id,
          effectiveFrom: input.effective_from,
          rateBps: input.rate_bps,
          setBy: staffId,
          reason: input.reason,
          createdAt: clock.now(),
        });
        await recordAudit(tx, actor, {
          action: 'credit.benchmark.set',
          subjectType: 'setting',
          subjectId: 'benchmark',
          before: { rate_bps: before, effective_from: input.effective_from },
          after: { id, ...input },
        });
      });
      return this.read();
    },
  };
}
export type Benchmark = ReturnType<typeof createBenchmark>;
