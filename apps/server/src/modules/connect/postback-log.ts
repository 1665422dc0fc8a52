/**
 * An app's postback delivery log for its owner (Me › Developer apps): the rows order-updates.ts
 * claims for each order event, newest first, with the order's symbol from trading. Read only;
 * the deliveries themselves are postbacks.ts's.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { ConnectMessage, type TApiAppPostback, type TApiAppPostbacksPage } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { TradingService } from '../trading/service.ts';
import { connectApps, connectPostbacks } from './tables.ts';

type Deps = { db: Db; trading: Pick<TradingService, 'orders'> };

const CURSOR_INVALID = 'The list cursor is not valid. Reload the list.';

type Row = typeof connectPostbacks.$inferSelect;

/** The claim's event is `status|order_timestamp|filled_quantity` (order-updates.ts). */
function eventOf(event: string) {
  const [status = '', , filled] = event.split('|');
  const quantity = filled === undefined || filled === '' ? NaN : Number(filled);
  return { status, filled: Number.isFinite(quantity) ? quantity : null };
}

const postbackView = (row: Row, symbol: string | null): TApiAppPostback => {
  const event = eventOf(row.event);
  return {
    id: row.id,
    order_id: row.orderId,
    tradingsymbol: symbol,
    order_status: event.status,
    filled_quantity: event.filled,
    status: row.status as TApiAppPostback['status'],
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The last row's (created_at, id). The time is read here, not cast by PostgreSQL, so that a
 * cursor someone edited is a 400 and never a 500 (times are stored to the millisecond, as the
 * clock gives them, so nothing is lost on the way).
 */
function afterOf(cursor: string | undefined): [string, string] | null {
  const parts = decodeCursor(cursor, 2);
  if (!parts) return null;
  const [time = '', id = ''] = parts;
  const at = new Date(time);
  const year = at.getUTCFullYear(); // NaN for a time that is none
  if (!(year >= 2000 && year <= 9999) || !UUID.test(id)) throw badRequest(CURSOR_INVALID);
  return [at.toISOString(), id];
}

export function createPostbackLog({ db, trading }: Deps) {
  return {
    /** A page of the app's deliveries; another client's app (or none) is 404. */
    async ofApp(
      clientId: string,
      appId: string,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<TApiAppPostbacksPage> {
      const [app] = await db
        .select({ id: connectApps.id })
        .from(connectApps)
        .where(and(eq(connectApps.id, appId), eq(connectApps.clientId, clientId)));
      if (!app) throw notFound(ConnectMessage.appNotFound);
      const after = afterOf(page.cursor);
      const rows = await db
        .select({
          row: connectPostbacks,
          cursorAt: sql<string>`${connectPostbacks.createdAt}::text`,
        })
        .from(connectPostbacks)
        .where(
          and(
            eq(connectPostbacks.appId, appId),
            after
              ? sql`(${connectPostbacks.createdAt}, ${connectPostbacks.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(connectPostbacks.createdAt), desc(connectPostbacks.id))
        .limit(page.limit + 1);
      const { items, next_cursor } = pageOf(rows, page.limit, (r) => [r.cursorAt, r.row.id]);
      const orderIds = [...new Set(items.map((r) => r.row.orderId))];
      const symbols = new Map(
        (await trading.orders.outcomes(orderIds)).map((o) => [o.id, o.symbol] as const),
      );
      return {
        items: items.map((r) => postbackView(r.row, symbols.get(r.row.orderId) ?? null)),
        next_cursor,
      };
    },
  };
}
export type PostbackLog = ReturnType<typeof createPostbackLog>;
