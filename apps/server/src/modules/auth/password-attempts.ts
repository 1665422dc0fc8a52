/**
 * How many times a password (or a second-factor code, which counts toward the same lockout)
 * may be tried, decided before the slow hash is spent (docs/decisions/027):
 *
 * - per (mobile, source IP): 5 in 15 minutes — a stranger locks out only their own source;
 * - per mobile from anywhere: a slower ceiling, 50 an hour, against guessing spread over many
 *   addresses;
 * - per source IP: 30 in 15 minutes, against one address trying many mobiles.
 *
 * Sign-in, `pwd_verify`, `change_pwd` and the second step of sign-in all spend from these.
 */
import { ApiMessage } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import {
  type AttemptRule,
  claimAttempt,
  clearFailures,
  refundAttempt,
} from '../../platform/attempts.ts';
import { type Clock, MINUTE } from '../../platform/clock.ts';
import { tooMany } from '../../platform/errors.ts';

export const PASSWORD_PER_SOURCE: AttemptRule = {
  limit: 5,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
export const PASSWORD_PER_MOBILE: AttemptRule = {
  limit: 50,
  windowMs: 60 * MINUTE,
  blockMs: 60 * MINUTE,
};
export const PASSWORD_PER_IP: AttemptRule = {
  limit: 30,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};

export type SpentAttempt = {
  /** The secret was right: this source's failures are forgotten, the shared counts refunded. */
  succeeded(): Promise<void>;
};

export function createPasswordAttempts({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * Spends one attempt for `mobile` (canonical, or what was typed) from `ip`; 429 when any
     * limit is reached, before anything slow runs.
     */
    async spend(mobile: string, ip: string): Promise<SpentAttempt> {
      const now = clock.now();
      const keys: [string, AttemptRule][] = [
        [`pwd:source:${mobile.slice(0, 40)}:${ip}`, PASSWORD_PER_SOURCE],
        [`pwd:mobile:${mobile.slice(0, 40)}`, PASSWORD_PER_MOBILE],
        [`pwd:ip:${ip}`, PASSWORD_PER_IP],
      ];
      for (const [key, rule] of keys)
        if (!(await claimAttempt(db, key, rule, now))) throw tooMany(ApiMessage.tooManySignIns);
      return {
        async succeeded() {
          await clearFailures(db, keys[0]![0]);
          await refundAttempt(db, keys[1]![0]);
          await refundAttempt(db, keys[2]![0]);
        },
      };
    },
  };
}
export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;
