/**
 * The maker's step: a date's batch, one line per client due on it with cash at the firm —
 * the balance, what the retention rule keeps and why, and the payout it would make. Nothing
 * moves until a second officer approves (decide.ts). One live batch per date (the unique
 * index); a rejected date may be prepared again. The leader's job prepares too (job.ts), with
 * no officer (`staffId` null). Due: the clients whose cycle settles on the date, and those the
 * 30-day rule adds (no-recent-trade.ts).
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { istDayOf, SETTLEMENT_MSG as SM, type TSettlementCycle } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { LedgerService } from '../ledger/service.ts';
import { cyclesDueOn, nextSettlementDate } from './dates.ts';
import { type ObligationReaders, obligationsOf } from './obligations.ts';
import { noRecentTradeAmong } from './no-recent-trade.ts';
import { retention } from './retention.ts';
import { settlementBatches, settlementLines, settlementPreferences } from './tables.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  readers: ObligationReaders;
  isTradingDay: (day: string) => boolean;
};

/** Each client's chosen cycle; quarterly when they never chose. */
export async function cyclesOf(db: Executor, clientIds: string[]) {
  const rows = clientIds.length
    ? await db
        .select()
        .from(settlementPreferences)
        .where(inArray(settlementPreferences.clientId, clientIds))
    : [];
  const chosen = new Map(rows.map((r) => [r.clientId, r.cycle as TSettlementCycle]));
  return (clientId: string): TSettlementCycle => chosen.get(clientId) ?? 'quarterly';
}

export const retainedJson = (items: ReturnType<typeof retention>['retained']) =>
  items.map((i) => ({ kind: i.kind, amount_paise: i.amount.toString() }));

export function createPrepare({ db, clock, ledger, readers, isTradingDay }: Deps) {
  return async function prepare(
    date: string,
    staffId: string | null,
    actor: Actor,
  ): Promise<string> {
    const cycles = cyclesDueOn(date, isTradingDay);
    if (cycles.length === 0)
      throw badRequest(
        SM.notSettlementDate(date, nextSettlementDate(date, 'monthly', isTradingDay)),
      );
    if (date > istDayOf(clock.now())) throw badRequest(SM.dateNotCome);
    const withCash = await ledger.clientsWithCash();
    const cycleOf = await cyclesOf(db, withCash);
    const byCycle = withCash.filter((id) => cycles.includes(cycleOf(id)));
    const idle = new Set(
      await noRecentTradeAmong(
        { ledger, trading: readers.trading },
        withCash.filter((id) => !cycles.includes(cycleOf(id))),
        date,
        db,
      ),
    );
    const due = [...byCycle, ...idle];
    try {
      return await inTransaction(db, async (tx) => {
        const id = randomUUID();
        await tx.insert(settlementBatches).values({
          id,
          settlementDate: date,
          preparedBy: staffId,
          preparedAt: clock.now(),
        });
        let payout = 0n;
        for (const clientId of due) {
          const balances = await ledger.balancesOf(clientId, tx);
          const owed = await obligationsOf(readers, clientId, date, tx);
          const kept = retention(
            { available: balances.cash_available, onHold: balances.cash_on_hold },
            owed,
          );
          payout += kept.payout;
          await tx.insert(settlementLines).values({
            id: randomUUID(),
            batchId: id,
            clientId,
            cycle: cycleOf(clientId),
            noRecentTrade: idle.has(clientId),
            cashAvailable: balances.cash_available,
            cashOnHold: balances.cash_on_hold,
            retained: retainedJson(kept.retained),
            payout: kept.payout,
          });
        }
        await recordAudit(tx, actor, {
          action: 'settlement.prepare',
          subjectType: 'settlement_batch',
          subjectId: id,
          after: {
            date,
            staffId,
            clients: due.length,
            noRecentTrade: idle.size,
            payoutPaise: payout.toString(),
          },
        });
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'settlement_batches_one_per_date'))
        throw conflict(SM.batchExists(date));
      throw error;
    }
  };
}
