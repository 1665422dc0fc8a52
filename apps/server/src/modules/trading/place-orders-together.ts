import { type Actor, auditsByStatement } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { groupCommit } from '../../platform/group-commit.ts';
import { executeAllOrNothing } from '../../db/one-round-trip.ts';
import {
  type KeyClaim,
  keysWithAnswers,
  type TogetherOutcome,
} from '../../platform/idempotency-together.ts';
import type { Trader } from '../clients/service.ts';
import { transferPosting } from '../ledger/service.ts';
import { holdTransfer } from './order-holds.ts';
import type { OrderInput } from './orders.ts';
import { placedAudit, publishPlaced } from './place-order.ts';
import {
  holdMemo,
  type MarketOrderInput,
  marketOrderRow,
  type MarketOrderTerms,
  marketOrderTerms,
} from './place-market-order.ts';
import { type PlacementDeps, tradesOnMarket } from './placement-deps.ts';
import { insertPlacedStatement, placedRow } from './placed-orders.ts';
import { authorisedClient } from './trading-authorisation.ts';

/** A client's buy, checked and priced, as the batch takes it. */
type TogetherOrder = {
  clientId: string;
  input: MarketOrderInput;
  terms: MarketOrderTerms;
  actor: Actor;
  claim: KeyClaim;
};

/**
 * What the orders route hands over: the request's client, body, actor, session and key, and
 * the client as its guard read them with the session (decision 084).
 */
export type OrderRequest = {
  clientId: string;
  input: OrderInput;
  actor: Actor;
  sessionId: string;
  claim: KeyClaim;
  trader?: Trader;
};

/**
 * Two batches at once: unlike a deposit desk's (decision 069), an order's batch spends most of
 * its time waiting for the database while the next requests' checks run, and a second batch
 * fills that wait. 2,000 buys over 4 s with no quote sockets (bench/market-open.mjs, this
 * 2-core box): 1 batch at a time 239–259 orders/s, 2 330–352, 3 or 4 176–181 (their
 * connections leave too few of the pool's ten to the checks); one order each alone, 144.
 * Two running batches may each hold an order of one client: each locks its ledger rows first,
 * in one global order (ledger_post_many), so the second waits for the first, never a cycle.
 */
const CONCURRENCY = 2;
/** A batch's most orders: its statements stay short and its answers prompt. */
const MAX_BATCH = 64;

const servesTogether = (input: OrderInput): input is MarketOrderInput =>
  tradesOnMarket(input.type) && (input as MarketOrderInput).side === 'buy';

/**
 * Buys placed in the app at the open, served by group commit (decision 070): each request is
 * checked as placing checks it — the client, the PIN, the prices, the minimum — before its
 * batch; the orders that waited for a slot are then placed in one statement — keys written
 * with their answers, cash held, orders written, audit rows (decision 084) — exactly as each
 * would have been alone (place-market-order.ts).
 * Sells, other types and API orders run alone; a batch that fails (one client short of cash, a
 * key already taken) sends each of its orders alone, for its own answer.
 */
export function createOrdersTogether(deps: PlacementDeps) {
  const batches = groupCommit<TogetherOrder, TogetherOutcome>({
    groupOf: () => 'orders',
    // One order a client a batch: a client's orders at once are placed one after another.
    keys: ({ clientId, claim }) => [`client ${clientId}`, `key ${claim.scope} ${claim.key}`],
    concurrency: CONCURRENCY,
    max: MAX_BATCH,
    run: (items) => placeTogether(deps, items),
  });

  return {
    async submit(request: OrderRequest): Promise<TogetherOutcome> {
      const { clientId, input, sessionId, trader } = request;
      if (!servesTogether(input)) return { kind: 'alone' };
      let terms: MarketOrderTerms;
      try {
        await authorisedClient(deps.clients, clientId, input.pin, { sessionId, trader });
        const schedule = await deps.charges.current();
        terms = await marketOrderTerms(deps, deps.db, clientId, input, schedule);
      } catch (error) {
        if (error instanceof AppError) return { kind: 'refused', error };
        throw error;
      }
      return batches.submit({ ...request, input, terms });
    },
    /** Batches run so far and the orders they took. */
    stats: () => batches.stats(),
  };
}
export type OrdersTogether = ReturnType<typeof createOrdersTogether>;

async function placeTogether(
  deps: PlacementDeps,
  items: TogetherOrder[],
): Promise<TogetherOutcome[]> {
  const rows = items.map((o) =>
    placedRow(marketOrderRow(deps, o.clientId, o.input, o.terms, null)),
  );
  // A just-placed order's answer reads nothing: no fills yet, and the names are the market's.
  const views = await deps.reads.views(rows);
  const keys = keysWithAnswers(
    items.map((o, n) => ({ claim: o.claim, data: views[n] })),
    deps.clock.now(),
  );
  // The keys with their answers, every buy's cash held, the orders, then their audit rows: one
  // statement, all or nothing, in the order one order takes them (decision 084). A key already
  // taken, or a client short of cash, fails it whole, and each order then runs alone — replayed,
  // waiting or refused as one.
  await executeAllOrNothing(
    deps.db,
    [
      { statement: keys.statement, rows: items.length, what: 'order keys' },
      {
        statement: deps.ledger.postManyStatement(
          items.map(({ clientId, input, terms }) =>
            transferPosting(
              holdTransfer({
                clientId,
                orderId: terms.id,
                amount: terms.hold,
                memo: holdMemo(input),
              }),
            ),
          ),
        ),
        rows: items.length,
        what: 'order holds',
      },
      { statement: insertPlacedStatement(rows), rows: items.length, what: 'orders' },
    ],
    [
      auditsByStatement(
        rows.map((row, n) => ({ actor: items[n]!.actor, entry: placedAudit(row, undefined) })),
      ),
    ],
  );
  for (const row of rows) publishPlaced(deps, row, undefined);
  return keys.answers.map((answer): TogetherOutcome => ({ kind: 'done', answer }));
}
