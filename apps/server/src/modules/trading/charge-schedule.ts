/**
 * The charge schedule: the defaults of packages/shared until an admin saves another. Read by
 * every order, preview and matcher pass, changed a few times a year: kept per instance
 * (platform/bus-cached.ts), emptied on every instance when a new one is saved.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_CHARGES, type TChargeSchedule, ZChargeSchedule } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Bus } from '../../platform/bus.ts';
import { busCached } from '../../platform/bus-cached.ts';
import type { Clock } from '../../platform/clock.ts';
import { tradingConfig } from './tables.ts';

const KEY = 'charges';
/** Published after a new schedule commits; every instance drops its kept copy. */
export const CHARGES_CHANGED_CHANNEL = 'trading.charges.changed';

export function createChargeSchedule({ db, clock, bus }: { db: Db; clock: Clock; bus: Bus }) {
  async function stored(executor: Executor): Promise<TChargeSchedule> {
    const [row] = await executor.select().from(tradingConfig).where(eq(tradingConfig.key, KEY));
    // A schedule saved before the DP charge existed reads the default one.
    const saved = row?.value as object | undefined;
    const parsed = ZChargeSchedule.safeParse(
      saved && { dp_charge_paise: DEFAULT_CHARGES.dp_charge_paise, ...saved },
    );
    return parsed.success ? parsed.data : DEFAULT_CHARGES;
  }
  // Frozen: every order shares the one kept copy.
  const kept = busCached(bus, CHARGES_CHANGED_CHANNEL, async () => Object.freeze(await stored(db)));

  /**
   * The schedule in force. Inside a transaction, pass it: read through it, so the request
   * never asks the pool for a second connection while it holds one.
   */
  const current = (executor?: Executor): Promise<TChargeSchedule> =>
    executor ? stored(executor) : kept.get();

  return {
    current,
    async save(schedule: TChargeSchedule, actor: Actor): Promise<TChargeSchedule> {
      const saved = await db.transaction(async (tx) => {
        const before = await stored(tx);
        await tx
          .insert(tradingConfig)
          .values({ key: KEY, value: schedule, updatedAt: clock.now() })
          .onConflictDoUpdate({
            target: tradingConfig.key,
            set: { value: schedule, updatedAt: clock.now() },
          });
        await recordAudit(tx, actor, {
          action: 'trading.charges',
          subjectType: 'setting',
          subjectId: KEY,
          before,
          after: schedule,
        });
        return schedule;
      });
      kept.changed();
      return saved;
    },
  };
}
export type ChargeSchedule = ReturnType<typeof createChargeSchedule>;
