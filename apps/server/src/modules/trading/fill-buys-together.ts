/**
 * Buys filled together (decision 082): at the open thousands of market buys wait for the same
 * print, and one fill at a time spent ten round trips an order. A batch spends four: the orders
 * locked with a posting id drawn for each, the clients' brokerage discounts, then one statement
 * that moves every order, writes every posting (all their ledger rows locked first, in the
 * ledger's global order, as a batch of placed buys locks them), the holdings, the fills (the
 * contract notes' lines), the notices and engagement's marks and whatever the caller adds —
 * all or nothing — and the commit. Each fill is the one fill-order.ts writes for the order alone.
 */
import { orderCost, type TChargeSchedule } from '@sampada/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { executeAllOrNothing } from '../../db/one-round-trip.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { executablePrice } from './executable-price.ts';
import type { ExecutionDeps } from './execution-deps.ts';
import { contractNoteNo, fillPosting } from './fill-postings.ts';
import type { OrderRow } from './order-row.ts';
import { fillStatement } from './order-steps.ts';
import { orders } from './tables.ts';

/** A buy the matcher would fill whole at `pricePaise`, with the print `last` that priced it. */
export type BuyToFill = { orderId: string; last: bigint; pricePaise: bigint };

/** A fill of the batch: the order as locked, the fill's figures and its posting. */
type BatchFill = ReturnType<typeof fillOf>;

/**
 * Fills the buys of `wanted` whole in the caller's transaction — at most one order a client
 * (their holdings are written by one upsert) — and answers the orders filled. An order whose
 * locked row no longer prices as it did (modified, cancelled, filled) is left out, as a single
 * fill leaves it. Throws when the statement fails (a client's cash short of a price that moved,
 * a key already taken): the transaction is then aborted, and the caller fills each alone.
 * `also(clientIds)` names statements to commit with the fills (the clients' trade counts).
 */
export async function fillBuysTogether(
  deps: ExecutionDeps,
  tx: Tx,
  wanted: BuyToFill[],
  schedule: TChargeSchedule,
  also: (clientIds: string[]) => SQL[],
): Promise<OrderRow[]> {
  const wantedOf = new Map(wanted.map((w) => [w.orderId, w]));
  const locked = await tx
    .select({ row: orders, postingId: deps.ledger.nextPostingId().mapWith(Number) })
    .from(orders)
    .where(
      and(
        inArray(orders.id, [...wantedOf.keys()]),
        eq(orders.status, 'awaiting'),
        eq(orders.side, 'buy'),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update', { of: orders });
  const kept = locked.filter(({ row }) => {
    const want = wantedOf.get(row.id)!;
    return row.type !== 'ipo' && executablePrice(row, want.last) === want.pricePaise;
  });
  if (kept.length === 0) return [];
  const clientIds = kept.map(({ row }) => row.clientId);
  if (new Set(clientIds).size !== clientIds.length) throw new Error('One buy a client a batch');
  const discounts = (await deps.brokerageDiscounts?.(clientIds, tx)) ?? new Map<string, number>();
  const at = deps.clock.now();
  const batch = kept.map(({ row, postingId }) =>
    fillOf(row, {
      pricePaise: wantedOf.get(row.id)!.pricePaise,
      schedule,
      discountBps: discounts.get(row.clientId) ?? 0,
      postingId,
      at,
    }),
  );
  const progressOf = new Map(batch.map((f) => [f.order.id, f.progress]));
  const step = fillStatement(
    deps,
    batch.map((f) => f.order),
    (row) => progressOf.get(row.id)!,
  );
  const n = batch.length;
  await executeAllOrNothing(
    tx,
    [
      step.update,
      {
        statement: deps.ledger.postManyStatement(
          batch.map((f) => f.posting),
          batch.map((f) => f.postingId),
          at,
        ),
        rows: n,
        what: 'fill postings',
      },
      { statement: holdingsStatement(batch, at), rows: n, what: 'fill holdings' },
      { statement: fillsStatement(batch, at), rows: n, what: 'fills' },
    ],
    [...step.record, ...also(clientIds)],
  );
  afterCommit(tx, step.publish);
  return step.rows;
}

/** One buy's whole fill at `pricePaise`: charges, posting, progress, as fill-order.ts's. */
function fillOf(
  order: OrderRow,
  on: {
    pricePaise: bigint;
    schedule: TChargeSchedule;
    discountBps: number;
    postingId: number;
    at: Date;
  },
) {
  const { pricePaise, postingId } = on;
  const quantity = order.quantity - order.filledQuantity;
  const value = pricePaise * BigInt(quantity);
  const { charges } = orderCost(
    on.schedule,
    { side: 'buy', valuePaise: value, marketLike: false },
    { dp: false, discountBps: on.discountBps },
  );
  const total = BigInt(charges.total_paise);
  const { input } = fillPosting(order, { quantity, pricePaise, charges, final: true });
  return {
    order,
    quantity,
    pricePaise,
    value,
    charges,
    total,
    posting: input,
    postingId,
    contractNoteNo: contractNoteNo(on.at, postingId),
    progress: {
      filledQuantity: order.quantity,
      filledValuePaise: order.filledValuePaise + value,
      chargesPaise: order.chargesPaise + total,
      holdPaise: 0n,
    } satisfies Partial<OrderRow>,
  };
}

/** One column of the batch's rows, as an array parameter to unnest. */
const column = (batch: BatchFill[], of: (f: BatchFill) => unknown) => sql.param(batch.map(of));

/** Each buy's shares and cost added to its holding (one order a client: one row each). */
function holdingsStatement(batch: BatchFill[], at: Date): SQL {
  return sql`
    insert into holdings (client_id, symbol, quantity, cost_paise, updated_at)
    select u.client_id, u.symbol, u.quantity, u.cost, ${at.toISOString()}::timestamptz
      from unnest(${column(batch, (f) => f.order.clientId)}::uuid[],
                  ${column(batch, (f) => f.order.symbol)}::text[],
                  ${column(batch, (f) => String(f.quantity))}::bigint[],
                  ${column(batch, (f) => String(f.value))}::bigint[]) as u(client_id, symbol, quantity, cost)
     order by u.client_id, u.symbol
    on conflict (client_id, symbol) do update
       set quantity = holdings.quantity + excluded.quantity,
           cost_paise = holdings.cost_paise + excluded.cost_paise,
           updated_at = excluded.updated_at
    returning 1`;
}

/** The fills: the contract notes' lines, each under its posting. */
function fillsStatement(batch: BatchFill[], at: Date): SQL {
  return sql`
    insert into fills (order_id, client_id, symbol, side, quantity, price_paise, value_paise,
                       charges, charges_paise, contract_note_no, posting_id, executed_at)
    select u.order_id, u.client_id, u.symbol, 'buy', u.quantity, u.price, u.value,
           u.charges, u.charges_paise, u.note, u.posting_id, ${at.toISOString()}::timestamptz
      from unnest(${column(batch, (f) => f.order.id)}::uuid[],
                  ${column(batch, (f) => f.order.clientId)}::uuid[],
                  ${column(batch, (f) => f.order.symbol)}::text[],
                  ${column(batch, (f) => String(f.quantity))}::bigint[],
                  ${column(batch, (f) => String(f.pricePaise))}::bigint[],
                  ${column(batch, (f) => String(f.value))}::bigint[],
                  ${column(batch, (f) => JSON.stringify(f.charges))}::jsonb[],
                  ${column(batch, (f) => String(f.total))}::bigint[],
                  ${column(batch, (f) => f.contractNoteNo)}::text[],
                  ${column(batch, (f) => String(f.postingId))}::bigint[])
           with ordinality as u(order_id, client_id, symbol, quantity, price, value, charges,
                                charges_paise, note, posting_id, n)
     order by u.n
    returning 1`;
}
