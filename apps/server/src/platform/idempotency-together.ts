/**
 * Idempotency keys for a batch of requests served together (group commit, decision 069): the
 * same rows and rules as platform/idempotency.ts, one statement for the whole batch. A batch
 * claims its requests' keys first in its transaction, releases the keys of requests it then
 * leaves to run alone, and keeps every answer before commit, so a key row exists exactly when
 * its request's effect does.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { type Envelope, ok } from './envelope.ts';

/** A request's key as `Idempotency.runTogether` hands it to the batch. */
export type KeyClaim = { scope: string; key: string; hash: string; message: string };

/**
 * What the batch did for one request: answered it (the envelope is stored with its key), found
 * its key taken by a concurrent duplicate (replayed once that commits), left it to run alone,
 * or refused it before the batch (a check of the request itself: a wrong PIN, a price off the
 * tick) — its answer, unless the key already holds one.
 */
export type TogetherOutcome =
  | { kind: 'done'; answer: Envelope<unknown> }
  | { kind: 'taken' }
  | { kind: 'alone' }
  | { kind: 'refused'; error: unknown };

const idOf = (claim: Pick<KeyClaim, 'scope' | 'key'>) => `${claim.scope}\n${claim.key}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Claims every key not held yet; answers, for each claim, whether this batch holds it now. A
 * key another transaction is claiming makes this wait for that one's end, as a single claim
 * does; the keys go in one order, so two batches sharing keys wait rather than deadlock.
 */
export async function claimKeys(tx: Tx, claims: KeyClaim[], at: Date): Promise<boolean[]> {
  if (claims.length === 0) return [];
  const result = await tx.execute(sql`
    insert into idempotency_keys (scope, key, request_hash, created_at)
    select c.scope, c.key, c.hash, ${at}
    from unnest(${sql.param(claims.map((c) => c.scope))}::text[], ${sql.param(claims.map((c) => c.key))}::text[],
                ${sql.param(claims.map((c) => c.hash))}::text[]) as c(scope, key, hash)
    order by c.scope, c.key
    on conflict do nothing
    returning scope, key`);
  const held = new Set(rowsOf<{ scope: string; key: string }>(result).map(idOf));
  return claims.map((claim) => held.has(idOf(claim)));
}

/** Gives back keys this batch claimed for requests it leaves to run alone. */
export async function releaseKeys(tx: Tx, claims: KeyClaim[]): Promise<void> {
  if (claims.length === 0) return;
  await tx.execute(sql`
    delete from idempotency_keys k
    using unnest(${sql.param(claims.map((c) => c.scope))}::text[], ${sql.param(claims.map((c) => c.key))}::text[])
      as c(scope, key)
    where k.scope = c.scope and k.key = c.key`);
}

/** Stores each answered request's envelope with its key; answers the envelopes, in order. */
export async function keepAnswers(
  tx: Tx,
  answered: { claim: KeyClaim; data: unknown }[],
): Promise<Envelope<unknown>[]> {
  const { answers, statement } = answersToKeep(answered);
  if (statement) await tx.execute(statement);
  return answers;
}

/**
 * The envelopes of the answered requests, in order, and the statement that stores each with its
 * key (null when none was answered), for a batch that sends it inside another (decision 080).
 */
export function answersToKeep(answered: { claim: KeyClaim; data: unknown }[]): {
  answers: Envelope<unknown>[];
  statement: SQL | null;
} {
  const answers = answered.map(({ claim, data }) => ok(data, claim.message));
  if (answered.length === 0) return { answers, statement: null };
  const statement = sql`
    update idempotency_keys k set status = 200, response = c.response
    from unnest(${sql.param(answered.map((a) => a.claim.scope))}::text[],
                ${sql.param(answered.map((a) => a.claim.key))}::text[],
                ${sql.param(answers.map((a) => JSON.stringify(a)))}::jsonb[]) as c(scope, key, response)
    where k.scope = c.scope and k.key = c.key`;
  return { answers, statement };
}
