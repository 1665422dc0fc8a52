import type { Db } from '../../db/client.ts';
import type { AttemptRule } from '../../platform/attempts.ts';
import { type Clock, MINUTE } from '../../platform/clock.ts';
import type { ClientService } from '../clients/service.ts';
import type { Sessions } from './sessions.ts';

export const RESET_CHECKS_PER_IP: AttemptRule = {
  limit: 10,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
export const RESET_CODES_PER_CLIENT: AttemptRule = {
  limit: 5,
  windowMs: 60 * MINUTE,
  blockMs: 60 * MINUTE,
};
export const RESET_CODE_TTL_MS = 15 * MINUTE;
/**
 * Guesses at one code from one source IP. Strangers' guesses do not burn the owner's code:
 * they spend their own source's five; the code itself dies only after RESET_CODE_MAX_TOTAL.
 */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** Guesses at one code from everywhere: 20 of a million six-digit codes. */
export const RESET_CODE_MAX_TOTAL = 20;
export const RESET_CODE_PER_SOURCE: AttemptRule = {
  limit: RESET_CODE_MAX_ATTEMPTS,
  windowMs: RESET_CODE_TTL_MS,
  blockMs: RESET_CODE_TTL_MS,
};
export const RESET_TOKEN_TTL_MS = 15 * MINUTE;

export type ResetCodeDeps = {
  db: Db;
  clock: Clock;
  clients: ClientService;
  sessions: Pick<Sessions, 'revokeAllSessions'>;
};
