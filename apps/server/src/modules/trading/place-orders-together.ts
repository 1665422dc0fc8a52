import { type Actor, recordAuditsBy } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { groupCommit } from '../../platform/group-commit.ts';
import { executeAllOrNothing } from '../../db/one-round-trip.ts';
import {
  answersToKeep,
  claimStatement,
  type KeyClaim,
  type TogetherOutcome,
} from '../../platform/idempotency-together.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { transferPosting } from '../ledger/service.ts';
import { holdTransfer } from './order-holds.ts';
import type { OrderInput } from './orders.ts';
import { announcePlaced, placedAudit } from './place-order.ts';
import {
  holdMemo,
  type MarketOrderInput,
  marketOrderRow,
  type MarketOrderTerms,
  marketOrderTerms,
} from './place-market-order.ts';
import { type PlacementDeps, tradesOnMarket } from './placement-deps.ts';
import { orders } from './tables.ts';
import { authorisedClient } from './trading-authorisation.ts';

/** A client's buy, checked and priced, as the batch takes it. */
type TogetherOrder = {
  clientId: string;
  input: MarketOrderInput;
  terms: MarketOrderTerms;
  actor: Actor;
  claim: KeyClaim;
};

/** What the orders route hands over: the request's client, body, actor, session and key. */
export type OrderRequest = {
  clientId: string;
  input: OrderInput;
  actor: Actor;
  sessionId: string;
  claim: KeyClaim;
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
 * batch; the orders that waited for a slot are then placed in one transaction — keys claimed
 * and cash held (one statement, decision 081), orders written, audit rows and answers kept (one
 * statement, decision 080) — exactly as each would have been alone (place-market-order.ts).
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
      const { clientId, input, sessionId } = request;
      if (!servesTogether(input)) return { kind: 'alone' };
      let terms: MarketOrderTerms;
      try {
        await authorisedClient(deps.clients, clientId, input.pin, { sessionId });
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
  return plainTransaction(deps.db)(async (tx) => {
    // Every key claimed and every buy's cash held in one statement (decision 081), in that
    // order, as one order takes them: a key already taken, or a client short of cash, fails
    // it, the batch, and so sends each alone — each then replayed, waiting or refused as one.
    await executeAllOrNothing(
      tx,
      [
        {
          statement: claimStatement(
            items.map((item) => item.claim),
            deps.clock.now(),
          ),
          rows: items.length,
          what: 'order keys',
        },
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
      ],
      [],
    );
    const written = await tx
      .insert(orders)
      .values(items.map((o) => marketOrderRow(deps, o.clientId, o.input, o.terms, null)))
      .returning();
    const rowOf = new Map(written.map((row) => [row.id, row]));
    const rows = items.map((o) => rowOf.get(o.terms.id)!);
    const views = await deps.reads.views(rows, tx);
    const { answers, statement } = answersToKeep(
      items.map((o, n) => ({ claim: o.claim, data: views[n] })),
    );
    // The answers are kept with their keys in the audit rows' statement (decision 080).
    await recordAuditsBy(
      tx,
      rows.map((row, n) => ({ actor: items[n]!.actor, entry: placedAudit(row, undefined) })),
      statement ? [statement] : [],
    );
    for (const row of rows) announcePlaced(deps, tx, row, undefined);
    return answers.map((answer): TogetherOutcome => ({ kind: 'done', answer }));
  });
}
