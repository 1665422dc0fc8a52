/** The charge schedule: the defaults of packages/shared until an admin saves another. */
import { eq } from 'drizzle-orm';
import { DEFAULT_CHARGES, type TChargeSchedule, ZChargeSchedule } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { tradingConfig } from './tables.ts';

const KEY = 'charges';

export function createChargeSchedule({ db, clock }: { db: Db; clock: Clock }) {
  async function current(executor: Executor = db): Promise<TChargeSchedule> {
    const [row] = await executor.select().from(tradingConfig).where(eq(tradingConfig.key, KEY));
    // A schedule saved before the DP charge existed reads the default one.
    const saved = row?.value as object | undefined;
    const parsed = ZChargeSchedule.safeParse(
      saved && { dp_charge_paise: DEFAULT_CHARGES.dp_charge_paise, ...saved },
    );
    return parsed.success ? parsed.data : DEFAULT_CHARGES;
  }

  return {
    current,
    async save(schedule: TChargeSchedule, actor: Actor): Promise<TChargeSchedule> {
      return db.transaction(async (tx) => {
        const before = await current(tx);
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
    },
  };
}
export type ChargeSchedule = ReturnType<typeof createChargeSchedule>;
