/**
 * What the console and the client read: batches with their totals, one batch's lines with
 * who the clients are and where the money went, and a client's own retention statements
 * (only lines of batches approved, and only theirs).
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  paiseNumber,
  SETTLEMENT_JOB_PREPARER,
  type TRetentionStatement,
  type TSettlementBatch,
  type TSettlementBatchStatus,
  type TSettlementCycle,
  type TSettlementLine,
  type TSettlementLineStatus,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { ClientService } from '../clients/service.ts';
import type { FundsService } from '../funds/service.ts';
import type { StaffService } from '../staff/service.ts';
import { settlementBatches, settlementLines } from './tables.ts';

type ReadDeps = {
  db: Db;
  clients: Pick<ClientService, 'refsOf'>;
  staff: Pick<StaffService, 'namesOf'>;
  funds: Pick<FundsService, 'bankCards'>;
};
type BatchRow = typeof settlementBatches.$inferSelect;
type LineRow = typeof settlementLines.$inferSelect;

const retainedOf = (row: LineRow) =>
  row.retained.map((r) => ({
    kind: r.kind as TSettlementLine['retained'][number]['kind'],
    amount_paise: Number(r.amount_paise),
  }));

async function cardLabels({ funds }: ReadDeps, rows: LineRow[]) {
  const cards = await funds.bankCards.byIds(
    rows.map((r) => r.bankCardId).filter((id): id is string => id !== null),
  );
  return (row: LineRow) => {
    const card = row.bankCardId ? cards.get(row.bankCardId) : undefined;
    return card ? funds.bankCards.labelOf(card) : null;
  };
}

async function batchViews({ db, staff }: ReadDeps, rows: BatchRow[]) {
  const ids = rows.map((r) => r.id);
  const totals = ids.length
    ? await db
        .select({
          batchId: settlementLines.batchId,
          clients: sql<number>`count(*)::int`,
          payout: sql<string>`coalesce(sum(${settlementLines.payout}), 0)::text`,
          paid: sql<string>`coalesce(sum(${settlementLines.paid}), 0)::text`,
        })
        .from(settlementLines)
        .where(inArray(settlementLines.batchId, ids))
        .groupBy(settlementLines.batchId)
    : [];
  const byBatch = new Map(totals.map((t) => [t.batchId, t]));
  const names = await staff.namesOf(rows.flatMap((r) => [r.preparedBy, r.decidedBy]));
  const email = (id: string | null) => (id ? (names.get(id)?.email ?? id) : null);
  return rows.map((r) => {
    const t = byBatch.get(r.id);
    return {
      id: r.id,
      date: r.settlementDate,
      status: r.status as TSettlementBatchStatus,
      prepared_by: email(r.preparedBy) ?? SETTLEMENT_JOB_PREPARER,
      prepared_at: r.preparedAt.toISOString(),
      decided_by: email(r.decidedBy),
      decided_at: r.decidedAt?.toISOString() ?? null,
      reject_reason: r.rejectReason,
      clients: t?.clients ?? 0,
      payout_paise: paiseNumber(BigInt(t?.payout ?? '0')),
      paid_paise: paiseNumber(BigInt(t?.paid ?? '0')),
    };
  });
}

async function batch(deps: ReadDeps, id: string, row: BatchRow): Promise<TSettlementBatch> {
  const { db, clients } = deps;
  const lines = await db
    .select()
    .from(settlementLines)
    .where(eq(settlementLines.batchId, id))
    .orderBy(desc(settlementLines.payout), settlementLines.clientId);
  const refs = await clients.refsOf(lines.map((l) => l.clientId));
  const label = await cardLabels(deps, lines);
  const [view] = await batchViews(deps, [row]);
  return {
    ...view!,
    lines: lines.map((l) => ({
      id: l.id,
      client_id: l.clientId,
      client_name: refs.get(l.clientId)?.name ?? null,
      client_uid: refs.get(l.clientId)?.uid ?? '',
      cycle: l.cycle as TSettlementCycle,
      no_recent_trade: l.noRecentTrade,
      cash_available_paise: paiseNumber(l.cashAvailable),
      cash_on_hold_paise: paiseNumber(l.cashOnHold),
      retained: retainedOf(l),
      payout_paise: paiseNumber(l.payout),
      paid_paise: l.paid === null ? null : paiseNumber(l.paid),
      status: l.status as TSettlementLineStatus,
      bank_account: label(l),
      withdrawal_id: l.withdrawalId,
      settled_at: l.settledAt?.toISOString() ?? null,
    })),
  };
}

async function list(deps: ReadDeps) {
  const { db } = deps;
  const rows = await db
    .select()
    .from(settlementBatches)
    .orderBy(desc(settlementBatches.settlementDate), desc(settlementBatches.preparedAt))
    .limit(100);
  return batchViews(deps, rows);
}

/**
 * Batches waiting for an officer: prepared (a checker must approve; the leader's job prepares
 * them unattended) or approved with payouts stopped part-way (someone must resume them).
 */
async function countWaiting({ db }: ReadDeps): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(settlementBatches)
    .where(inArray(settlementBatches.status, ['prepared', 'approved']));
  return row?.n ?? 0;
}

/** A client's settled lines, newest first: their retention statements. */
async function statementsOf(deps: ReadDeps, clientId: string): Promise<TRetentionStatement[]> {
  const { db } = deps;
  const rows = await db
    .select({ line: settlementLines, date: settlementBatches.settlementDate })
    .from(settlementLines)
    .innerJoin(settlementBatches, eq(settlementBatches.id, settlementLines.batchId))
    .where(and(eq(settlementLines.clientId, clientId), ne(settlementLines.status, 'pending')))
    .orderBy(desc(settlementBatches.settlementDate));
  const label = await cardLabels(
    deps,
    rows.map((r) => r.line),
  );
  return rows.map(({ line, date }) => {
    const retained = retainedOf(line);
    return {
      id: line.id,
      settlement_date: date,
      cycle: line.cycle as TSettlementCycle,
      balance_paise: paiseNumber(line.cashAvailable + line.cashOnHold),
      retained,
      retained_paise: retained.reduce((sum, r) => sum + r.amount_paise, 0),
      paid_paise: paiseNumber(line.paid ?? 0n),
      status: line.status as TSettlementLineStatus,
      bank_account: label(line),
      settled_at: line.settledAt?.toISOString() ?? null,
      time_zone: 'Asia/Kolkata' as const,
    };
  });
}

export function createReads(deps: ReadDeps) {
  return {
    batch: (id: string, row: BatchRow) => batch(deps, id, row),
    list: () => list(deps),
    countWaiting: () => countWaiting(deps),
    statementsOf: (clientId: string) => statementsOf(deps, clientId),
  };
}
