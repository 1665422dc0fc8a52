/**
 * The client's settlement cycle: quarterly unless they chose monthly (SEBI lets them choose;
 * the change applies from the next settlement date). Audited like every client setting.
 */
import { istDayOf, type TSettlementCycle, type TSettlementPreference } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { nextSettlementDate } from './dates.ts';
import { cyclesOf } from './prepare.ts';
import { settlementPreferences } from './tables.ts';

type Deps = { db: Db; clock: Clock; isTradingDay: (day: string) => boolean };

export function createPreferences({ db, clock, isTradingDay }: Deps) {
  const view = (cycle: TSettlementCycle): TSettlementPreference => ({
    cycle,
    next_date: nextSettlementDate(istDayOf(clock.now()), cycle, isTradingDay),
  });

  return {
    async of(clientId: string): Promise<TSettlementPreference> {
      return view((await cyclesOf(db, [clientId]))(clientId));
    },

    async set(clientId: string, cycle: TSettlementCycle, actor: Actor) {
      await inTransaction(db, async (tx) => {
        const before = (await cyclesOf(tx, [clientId]))(clientId);
        await tx
          .insert(settlementPreferences)
          .values({ clientId, cycle, updatedAt: clock.now() })
          .onConflictDoUpdate({
            target: settlementPreferences.clientId,
            set: { cycle, updatedAt: clock.now() },
          });
        await recordAudit(tx, actor, {
          action: 'client.settlement_cycle',
          subjectType: 'client',
          subjectId: clientId,
          before: { cycle: before },
          after: { cycle },
        });
      });
      return view(cycle);
    },
  };
}
