/**
 * The second step of a client's sign-in: the password was right, and `login` answered a
 * challenge instead of tokens. The challenge lives 5 minutes and ends after 5 wrong codes
 * (each counted before it is checked, so a burst gets no more); a code is good once.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type TLoginChallenge, TwoFactorMessage as TM } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { addMs, type Clock, MINUTE } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ClientTotp } from './client-totp.ts';
import type { RequestMeta } from './session-deps.ts';
import { clientChallenges } from './tables.ts';

export const CHALLENGE_TTL_MS = 5 * MINUTE;
export const CHALLENGE_MAX_FAILURES = 5;

export function createSignInChallenges({
  db,
  clock,
  totp,
}: {
  db: Db;
  clock: Clock;
  totp: ClientTotp;
}) {
  return {
    async open(clientId: string, owed: 'totp' | 'enrol'): Promise<TLoginChallenge> {
      const token = randomToken();
      const expiresAt = addMs(clock.now(), CHALLENGE_TTL_MS);
      await db.insert(clientChallenges).values({ clientId, tokenHash: sha256(token), expiresAt });
      return {
        challenge_token: token,
        methods: ['totp'],
        expires_at: expiresAt.toISOString(),
        ...(owed === 'enrol' ? { enrolment: await totp.startEnrolment(clientId) } : {}),
      };
    },

    /** The client whose code passed, and recovery codes when this was a first enrolment. */
    async verify(token: string, code: string, meta: RequestMeta) {
      const now = clock.now();
      const t = clientChallenges;
      const [charged] = await db
        .update(t)
        .set({ failures: sql`${t.failures} + 1` })
        .where(
          and(
            eq(t.tokenHash, sha256(token)),
            isNull(t.usedAt),
            gt(t.expiresAt, now),
            lt(t.failures, CHALLENGE_MAX_FAILURES),
          ),
        )
        .returning({ id: t.id, clientId: t.clientId, failures: t.failures });
      if (!charged) throw badRequest(TM.challengeExpired);
      const owed = await totp.secondFactorOf(charged.clientId);
      let recoveryCodes: string[] | undefined;
      let good = false;
      if (owed === 'totp') good = await totp.checkCode(charged.clientId, code, meta);
      else if (owed === 'enrol') {
        recoveryCodes = (await totp.confirmPending(charged.clientId, code, meta)) ?? undefined;
        good = recoveryCodes !== undefined;
      } else throw badRequest(TM.challengeExpired); // reset by an admin since the password
      if (!good) {
        if (charged.failures >= CHALLENGE_MAX_FAILURES)
          await db.update(t).set({ usedAt: now }).where(eq(t.id, charged.id));
        throw badRequest(TM.badCode);
      }
      const [spent] = await db
        .update(t)
        .set({ usedAt: now })
        .where(and(eq(t.id, charged.id), isNull(t.usedAt)))
        .returning({ id: t.id });
      if (!spent) throw badRequest(TM.challengeExpired);
      return { clientId: charged.clientId, recoveryCodes };
    },
  };
}
