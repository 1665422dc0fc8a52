/**
 * Idempotency keys for money-moving POSTs (architecture.md "API conventions"). The caller
 * sends `Idempotency-Key`; the first request under a key runs and its answer is kept; a
 * replay with the same method, path and body gets that answer again (same status and body,
 * header `Idempotent-Replayed: true`); the same key with a different request is 422.
 *
 * Exactly one effect under concurrency: the key row is inserted first inside the effect's
 * own transaction. A concurrent duplicate's insert waits on the primary key until the first
 * commits, then finds the key taken, rolls back and replays the stored answer. A request
 * that fails (4xx) rolls its key back with everything else, so the key can be retried.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FM } from '@sampada/shared';
import type { Db } from '../db/client.ts';
import { preparedOn } from '../db/prepared.ts';
import type { Clock } from './clock.ts';
import { type Envelope, ok } from './envelope.ts';
import { AppError, badRequest, conflict } from './errors.ts';
import { idempotencyKeys } from './idempotency-tables.ts';
import type { KeyClaim, TogetherOutcome } from './idempotency-together.ts';
import { inTransaction, type TransactionRunner } from './transaction.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys answer replays for a day (as payment APIs do); after that a key may be used anew. */
export const KEY_RETENTION_MS = 24 * 60 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Route header schema (documents the header in OpenAPI; other headers pass through). */
export const ZIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string({ error: FM.idempotencyKeyRequired })
    .min(1, FM.idempotencyKeyRequired)
    .regex(KEY_PATTERN, FM.idempotencyKeyInvalid),
});

/** JSON with sorted keys, so that {a,b} and {b,a} are one request; bigints as text. */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(`${value}n`);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request's fingerprint: method, path (no query) and the validated body. */
export const requestHash = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`)
    .digest('hex');

class KeyTaken extends Error {}

/** Every money-moving request runs these three: built once (db/prepared.ts). */
function prepareKeyStatements(db: Db) {
  const thisKey = and(
    eq(idempotencyKeys.scope, sql.placeholder('scope')),
    eq(idempotencyKeys.key, sql.placeholder('key')),
  );
  return {
    stored: db.select().from(idempotencyKeys).where(thisKey).prepare('idempotency_stored'),
    claim: db
      .insert(idempotencyKeys)
      .values({
        scope: sql.placeholder('scope'),
        key: sql.placeholder('key'),
        requestHash: sql.placeholder('hash'),
        createdAt: sql.placeholder('at'),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
      .prepare('idempotency_claim'),
    keep: db
      .update(idempotencyKeys)
      .set({ status: 200, response: sql.placeholder('response') })
      .where(thisKey)
      .prepare('idempotency_keep'),
  };
}

export function createIdempotency(db: Db, clock: Clock) {
  const statements = prepareKeyStatements(db);
  async function storedAnswer(scope: string, key: string) {
    const [row] = await statements.stored.execute({ scope, key });
    return row;
  }

  function replay(reply: FastifyReply, row: typeof idempotencyKeys.$inferSelect, hash: string) {
    if (row.requestHash !== hash) throw new AppError(422, FM.idempotencyKeyReused);
    if (row.status === null) throw conflict('A request with this Idempotency-Key is in progress.');
    reply.header('Idempotent-Replayed', 'true').status(row.status);
    return row.response as Envelope<unknown>;
  }

  /** The answer of the concurrent request that holds the key, once it has committed. */
  async function replayWinner(reply: FastifyReply, scope: string, key: string, hash: string) {
    const winner = await storedAnswer(scope, key);
    if (!winner) throw conflict('A request with this Idempotency-Key is in progress.');
    return replay(reply, winner, hash);
  }

  const idempotency = {
    /** Forgets keys past their retention; the leader runs it hourly. Returns how many. */
    purgeExpired: () => purgeExpiredKeys(db, clock),

    /**
     * Runs a money-moving request once per (scope, key). `work` receives the transaction
     * runner to pass to the service; what the service returns from inside that transaction
     * is the response data, stored with the key before commit and answered now.
     */
    async run<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      options: { scope: string; message: string },
      work: (transaction: TransactionRunner) => Promise<unknown>,
    ): Promise<Envelope<T>> {
      const { key, hash } = keyOf(request);
      const { scope } = options;
      const earlier = await storedAnswer(scope, key);
      if (earlier) return replay(reply, earlier, hash) as Envelope<T>;

      let answer: Envelope<T> | undefined;
      const transaction: TransactionRunner = (fn) =>
        inTransaction(db, async (tx) => {
          const claimed = await preparedOn(statements.claim, tx).execute({
            scope,
            key,
            hash,
            at: clock.now(),
          });
          if (claimed.length === 0) throw new KeyTaken();
          const data = await fn(tx);
          answer = ok(data as T, options.message);
          await preparedOn(statements.keep, tx).execute({ scope, key, response: answer });
          return data;
        });
      try {
        await work(transaction);
      } catch (error) {
        if (!(error instanceof KeyTaken)) throw error;
        // The duplicate that won has committed by now (our insert waited for it).
        return (await replayWinner(reply, scope, key, hash)) as Envelope<T>;
      }
      if (!answer) throw new Error('An idempotent request finished without its transaction');
      return answer;
    },

    /**
     * `run` for a request that a group commit may serve in a batch (decision 069): `together`
     * hands the key to the batch, which claims it and keeps the answer in its own transaction
     * (idempotency-together.ts). A key already held is replayed as `run` would, once its holder
     * has committed; a request the batch did not serve, or whose batch failed, runs alone
     * through `run` and `work`; one refused before its batch answers its refusal.
     */
    async runTogether<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      options: { scope: string; message: string },
      together: (claim: KeyClaim) => Promise<TogetherOutcome>,
      work: (transaction: TransactionRunner) => Promise<unknown>,
    ): Promise<Envelope<T>> {
      const { key, hash } = keyOf(request);
      const { scope, message } = options;
      // No read of the key first: a key already used fails its batch's claim, and the request
      // then runs alone below, replayed; a first request costs no round trip before its batch.
      const outcome = await together({ scope, key, hash, message }).catch((): TogetherOutcome => ({
        kind: 'alone',
      }));
      if (outcome.kind === 'done') return outcome.answer as Envelope<T>;
      if (outcome.kind === 'refused') {
        // Refused by a check made before its batch, so before any read of the key: a repeat of
        // a request that succeeded still answers what it answered then.
        const earlier = await storedAnswer(scope, key);
        if (earlier) return replay(reply, earlier, hash) as Envelope<T>;
        throw outcome.error;
      }
      return idempotency.run(request, reply, options, work);
    },
  };
  return idempotency;
}

async function purgeExpiredKeys(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - KEY_RETENTION_MS);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** The request's key (validated as the header schema does) and its fingerprint. */
function keyOf(request: FastifyRequest) {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw badRequest(FM.idempotencyKeyRequired);
  if (!KEY_PATTERN.test(key)) throw badRequest(FM.idempotencyKeyInvalid);
  return { key, hash: requestHash(request.method, request.url.split('?')[0]!, request.body) };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
