/**
 * Idempotency keys for a batch of requests served together (group commit, decision 069): the
 * same rows and rules as platform/idempotency.ts, one statement for the whole batch. A batch
 * claims every one of its requests' keys or fails whole (decision 081), and keeps every answer
 * before commit, so a key row exists exactly when its request's effect does.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Envelope, ok } from './envelope.ts';

/** A request's key as `Idempotency.runTogether` hands it to the batch. */
export type KeyClaim = { scope: string; key: string; hash: string; message: string };

/**
 * What the batch did for one request: answered it (the envelope is stored with its key), left
 * it to run alone (its key already used or being used, its batch failed: alone it is replayed
 * or waits as one request does), or refused it before the batch (a check of the request itself:
 * a wrong PIN, a price off the tick) — its answer, unless the key already holds one.
 */
export type TogetherOutcome =
  | { kind: 'done'; answer: Envelope<unknown> }
  | { kind: 'alone' }
  | { kind: 'refused'; error: unknown };

/**
 * Claims every key not held yet, one row returned a key claimed, as a statement for a batch to
 * send inside another that needs every key (decision 081): a key taken makes the count short. A
 * key another transaction is claiming makes it wait for that one's end, as a single claim does;
 * the keys go in one order, so two batches sharing keys wait rather than deadlock.
 */
export const claimStatement = (claims: KeyClaim[], at: Date): SQL => keysInsert(claims, at, null);

/** The keys' INSERT, each with its answer when `answers` are given (in the claims' order). */
function keysInsert(claims: KeyClaim[], at: Date, answers: Envelope<unknown>[] | null): SQL {
  const column = <T>(values: T[]) => sql.param(values);
  const responses = answers?.map((a) => JSON.stringify(a)) ?? claims.map(() => null);
  return sql`
    insert into idempotency_keys (scope, key, request_hash, created_at, status, response)
    select c.scope, c.key, c.hash, ${at}, ${answers ? 200 : null}::integer, c.response
    from unnest(${column(claims.map((c) => c.scope))}::text[], ${column(claims.map((c) => c.key))}::text[],
                ${column(claims.map((c) => c.hash))}::text[], ${column(responses)}::jsonb[])
      as c(scope, key, hash, response)
    order by c.scope, c.key
    on conflict do nothing
    returning 1`;
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

/**
 * The keys of a batch sent as one statement (decision 081), written with their answers at once:
 * the envelopes, in order, and the INSERT (one row returned a key written). A key already taken —
 * answered before, or claimed by a request still running — makes the count short and so fails
 * the whole statement, and the batch's requests run alone, where each is replayed or waits as
 * one does.
 */
export function keysWithAnswers(
  answered: { claim: KeyClaim; data: unknown }[],
  at: Date,
): { answers: Envelope<unknown>[]; statement: SQL } {
  const answers = answered.map(({ claim, data }) => ok(data, claim.message));
  const claims = answered.map((a) => a.claim);
  return { answers, statement: keysInsert(claims, at, answers) };
}
