/**
 * Text PostgreSQL cannot store, refused at the door (issue 32): NUL, a lone UTF-16 surrogate
 * (JSON's "\ud800"), and the noncharacters U+FFFE and U+FFFF. Without this check such text reached
 * a text or jsonb column and failed there, deep inside a transaction, as a 500 — on every route
 * that forgot to refine its strings. One hook before validation covers every route's body, query
 * and params at once.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

// NUL is among the characters refused, so the pattern names it on purpose.
/* eslint-disable no-control-regex */
const UNSTORABLE =
  /[\u0000\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'The request contains characters that cannot be stored.';

/** Whether any string in `value` (keys included, nested to any depth) cannot be stored. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 32 || typeof value !== 'object' || value === null) return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value))
    if (UNSTORABLE.test(key) || holdsUnstorableText(item, depth + 1)) return true;
  return false;
}

/** The preValidation hook: 400 before any schema or handler sees the text. */
export async function refuseUnstorableText(request: FastifyRequest) {
  if (
    holdsUnstorableText(request.body) ||
    holdsUnstorableText(request.query) ||
    holdsUnstorableText(request.params)
  )
    throw badRequest(UNSTORABLE_TEXT_MESSAGE);
}
