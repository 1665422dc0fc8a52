/**
 * Contract notes: one per fill, numbered by the posting that settled it, with the charges
 * itemised as an Indian contract note shows them. Read by the client who traded only; the PDF
 * is contract-note-pdf.ts.
 */
import {
  APP_NAME,
  chargesOf,
  paiseNumber,
  type TContractNote,
  TM,
  type TOrderSide,
  type TOrderType,
} from '@sampada/shared';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { dayRange, istDateOf } from '../../platform/ist.ts';
import type { ClientService } from '../clients/service.ts';
import { fills, orders } from './tables.ts';

export function createContractNotes(deps: {
  db: Db;
  clients: ClientService;
  nameOf: (symbols: string[]) => Promise<Map<string, string>>;
  isinOf: (symbol: string) => string | null;
}) {
  const { db, clients } = deps;
  return {
    /** The clients with fills on an IST day, and their note numbers in order of execution. */
    async numbersOn(day: string): Promise<Map<string, string[]>> {
      const { start, end } = dayRange(day, day);
      const rows = await db
        .select({ clientId: fills.clientId, no: fills.contractNoteNo })
        .from(fills)
        .where(and(gte(fills.executedAt, start!), lt(fills.executedAt, end!)))
        .orderBy(asc(fills.executedAt));
      const byClient = new Map<string, string[]>();
      for (const r of rows) byClient.set(r.clientId, [...(byClient.get(r.clientId) ?? []), r.no]);
      return byClient;
    },

    /**
     * The notes of several clients executed on an IST day, each client's oldest first, in
     * three reads however many clients (the e-mail run's batches).
     */
    async ofClientsOn(day: string, clientIds: string[]): Promise<Map<string, TContractNote[]>> {
      if (clientIds.length === 0) return new Map();
      const { start, end } = dayRange(day, day);
      const rows = await db
        .select({ fill: fills, order: orders })
        .from(fills)
        .innerJoin(orders, eq(orders.id, fills.orderId))
        .where(
          and(
            inArray(fills.clientId, clientIds),
            gte(fills.executedAt, start!),
            lt(fills.executedAt, end!),
          ),
        )
        .orderBy(asc(fills.executedAt), asc(fills.id));
      const refs = await clients.refsOf(clientIds);
      const names = await deps.nameOf([...new Set(rows.map((r) => r.fill.symbol))]);
      const notes = new Map<string, TContractNote[]>();
      for (const row of rows) {
        const ref = refs.get(row.fill.clientId);
        const who = { name: ref?.name ?? '', uid: ref?.uid ?? '' };
        const note = noteOf(row, who, names, deps.isinOf);
        notes.set(row.fill.clientId, [...(notes.get(row.fill.clientId) ?? []), note]);
      }
      return notes;
    },

    async note(clientId: string, number: string): Promise<TContractNote> {
      const [row] = await db
        .select({ fill: fills, order: orders })
        .from(fills)
        .innerJoin(orders, eq(orders.id, fills.orderId))
        .where(and(eq(fills.contractNoteNo, number), eq(fills.clientId, clientId)));
      if (!row) throw notFound(TM.orderNotFound);
      const client = await clients.byId(clientId);
      const names = await deps.nameOf([row.fill.symbol]);
      return noteOf(row, { name: client.name ?? '', uid: client.uid }, names, deps.isinOf);
    },

    /**
     * The client's notes executed in [from, to), oldest first: the statement of funds itemises
     * their charges from these, so it and the contract note cannot disagree.
     */
    async ofClientBetween(clientId: string, from: Date, to: Date): Promise<TContractNote[]> {
      const rows = await db
        .select({ fill: fills, order: orders })
        .from(fills)
        .innerJoin(orders, eq(orders.id, fills.orderId))
        .where(
          and(eq(fills.clientId, clientId), gte(fills.executedAt, from), lt(fills.executedAt, to)),
        )
        .orderBy(asc(fills.executedAt), asc(fills.id));
      if (rows.length === 0) return [];
      const client = await clients.byId(clientId);
      const names = await deps.nameOf([...new Set(rows.map((r) => r.fill.symbol))]);
      const who = { name: client.name ?? '', uid: client.uid };
      return rows.map((row) => noteOf(row, who, names, deps.isinOf));
    },
  };
}

/** A fill and its order as the contract note states them. */
function noteOf(
  { fill, order }: { fill: typeof fills.$inferSelect; order: typeof orders.$inferSelect },
  client: { name: string; uid: string },
  names: Map<string, string>,
  isinOf: (symbol: string) => string | null,
): TContractNote {
  const net =
    fill.side === 'buy' ? fill.valuePaise + fill.chargesPaise : fill.valuePaise - fill.chargesPaise;
  return {
    contract_note_no: fill.contractNoteNo,
    order_id: order.id,
    client,
    trade_date: istDateOf(fill.executedAt),
    executed_at: fill.executedAt.toISOString(),
    symbol: fill.symbol,
    name: names.get(fill.symbol) ?? fill.symbol,
    isin: isinOf(fill.symbol),
    type: order.type as TOrderType,
    side: fill.side as TOrderSide,
    quantity: fill.quantity,
    price_paise: paiseNumber(fill.pricePaise),
    value_paise: paiseNumber(fill.valuePaise),
    charges: chargesOf(fill.charges),
    net_paise: paiseNumber(net),
    posting_id: String(fill.postingId),
    firm: `${APP_NAME} Wealth`,
  };
}
