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
 * The keys' INSERT, each with its answer (in the claims' order), one row returned a key written.
 * A key another transaction is writing makes it wait for that one's end, as a single claim does;
 * the keys go in one order, so two batches sharing keys wait rather than deadlock.
 */
function keysInsert(claims: KeyClaim[], at: Date, answers: Envelope<unknown>[]): SQL {
  const column = <T>(values: T[]) => sql.param(values);
  const responses = answers.map((a) => JSON.stringify(a));
  return sql`
    insert into idempotency_keys (scope, key, request_hash, created_at, status, response)
    select c.scope, c.key, c.hash, ${at}, 200, c.response
    from unnest(${column(claims.map((c) => c.scope))}::text[], ${column(claims.map((c) => c.key))}::text[],
                ${column(claims.map((c) => c.hash))}::text[], ${column(responses)}::jsonb[])
      as c(scope, key, hash, response)
    order by c.scope, c.key
    on conflict do nothing
    returning 1`;
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
