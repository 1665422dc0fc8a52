/**
 * Staff sign-in with a second factor (domain.md "People"): email + password, then a TOTP
 * code or a one-time recovery code. A first sign-in enrols TOTP: the secret and recovery
 * codes are shown once and take effect only when the staff member confirms a first code.
 * Five failed steps lock the account for 15 minutes. Sessions are opaque tokens stored as
 * SHA-256, ending after 30 idle minutes or 8 hours, whichever comes first.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import {
  APP_NAME,
  CM,
  type TSignInChallenge,
  type TStaffMe,
  type TStaffRole,
  type TStaffSession,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type AttemptRule, blockedUntil, recordFailure } from '../../platform/attempts.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { addMs, type Clock, MINUTE } from '../../platform/clock.ts';
import {
  decoySecretHash,
  decrypt,
  encrypt,
  hashSecret,
  randomToken,
  sha256,
  verifySecret,
} from '../../platform/crypto.ts';
import { badRequest, forbidden, notFound, tooMany, unauthorized } from '../../platform/errors.ts';
import type { StaffAuth } from '../../platform/staff-guard.ts';
import {
  newRecoveryCode,
  normalizeRecoveryCode,
  totpStep as totpStepAt,
} from '../../platform/totp.ts';
import type { StaffRow, StaffService } from '../staff/service.ts';
import { staffChallenges, staffSessions } from './tables.ts';

export const STAFF_LOCKOUT = { limit: 5, lockMs: 15 * MINUTE };
/** Unknown emails from one IP: the same limit, so guessing addresses is as slow as guessing passwords. */
export const STAFF_SIGN_IN_PER_IP: AttemptRule = {
  limit: 20,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
export const CHALLENGE_TTL_MS = 10 * MINUTE;
export const SESSION_IDLE_MS = 30 * MINUTE;
export const SESSION_MAX_MS = 8 * 60 * MINUTE;
export const RECOVERY_CODE_COUNT = 10;
/** Only refresh `last_seen_at` when it is older than this, to spare a write per request. */
const TOUCH_AFTER_MS = MINUTE;

type Meta = { ip: string; userAgent?: string | undefined };

const me = (row: StaffRow): TStaffMe => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles as TStaffRole[],
});

export function createStaffAuthService(deps: {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  staff: StaffService;
}) {
  const { db, clock, dataKey, staff } = deps;

  const totpStep = (secret: string, code: string) => totpStepAt(secret, code, clock.now());

  async function fail(row: StaffRow, message: string): Promise<never> {
    const after = await staff.recordSignInFailure(row.id, STAFF_LOCKOUT, clock.now());
    if (after?.lockedUntil && after.lockedUntil > clock.now()) throw tooMany(CM.locked);
    throw badRequest(message);
  }

  async function revokeAll(executor: Executor, staffId: string, reason: string) {
    await executor
      .update(staffSessions)
      .set({ revokedAt: clock.now(), revokeReason: reason })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
  }

  async function openSession(
    tx: Executor,
    row: StaffRow,
    meta: Meta,
    recoveryLeft: number,
  ): Promise<TStaffSession> {
    const now = clock.now();
    const token = randomToken();
    const expiresAt = addMs(now, SESSION_MAX_MS);
    await tx.insert(staffSessions).values({
      staffId: row.id,
      tokenHash: sha256(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    await staff.markSignedIn(tx, row.id, now);
    return {
      token,
      expires_at: expiresAt.toISOString(),
      idle_timeout_s: SESSION_IDLE_MS / 1000,
      staff: me(row),
      recovery_codes_left: recoveryLeft,
    };
  }

  return {
    /** Step one: email and password (MD5 hex). Answers a challenge for the second factor. */
    async signIn(
      input: { email: string; passwordMd5: string },
      meta: Meta,
    ): Promise<TSignInChallenge> {
      const now = clock.now();
      const ipKey = `staff-login:ip:${meta.ip}`;
      if (await blockedUntil(db, ipKey, now)) throw tooMany(CM.locked);
      const row = await staff.findByEmail(input.email);
      if (!row) {
        await verifySecret(input.passwordMd5, await decoySecretHash());
        await recordFailure(db, ipKey, STAFF_SIGN_IN_PER_IP, now);
        throw badRequest(CM.badCredentials);
      }
      if (row.lockedUntil && row.lockedUntil > now) throw tooMany(CM.locked);
      if (!(await verifySecret(input.passwordMd5, row.passwordHash))) {
        await recordFailure(db, ipKey, STAFF_SIGN_IN_PER_IP, now);
        return fail(row, CM.badCredentials);
      }
      if (!row.active) throw forbidden(CM.inactive);
      await staff.upgradePasswordHash(row, input.passwordMd5);

      const token = randomToken();
      const expiresAt = addMs(now, CHALLENGE_TTL_MS);
      if (row.totpEnabledAt && row.totpSecretEnc) {
        await db
          .insert(staffChallenges)
          .values({ staffId: row.id, tokenHash: sha256(token), kind: 'verify', expiresAt });
        return {
          challenge_token: token,
          expires_at: expiresAt.toISOString(),
          step: 'totp',
          enrolment: null,
        };
      }
      const secret = authenticator.generateSecret(20);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = await Promise.all(
        recoveryCodes.map((c) => hashSecret(normalizeRecoveryCode(c))),
      );
      await db.insert(staffChallenges).values({
        staffId: row.id,
        tokenHash: sha256(token),
        kind: 'enrol',
        pendingSecretEnc: encrypt(secret, dataKey),
        pendingRecoveryHashes: hashes,
        expiresAt,
      });
      const otpauthUri = authenticator.keyuri(row.email, APP_NAME, secret);
      return {
        challenge_token: token,
        expires_at: expiresAt.toISOString(),
        step: 'enrol',
        enrolment: {
          otpauth_uri: otpauthUri,
          qr_data_url: await QRCode.toDataURL(otpauthUri, { margin: 1, width: 220 }),
          secret,
          recovery_codes: recoveryCodes,
        },
      };
    },

    /** Step two: a TOTP code (or, once enrolled, a recovery code). Opens a session. */
    async verify(
      input: {
        challengeToken: string;
        code?: string | undefined;
        recoveryCode?: string | undefined;
      },
      meta: Meta,
    ): Promise<TStaffSession> {
      const now = clock.now();
      const [challenge] = await db
        .select()
        .from(staffChallenges)
        .where(
          and(
            eq(staffChallenges.tokenHash, sha256(input.challengeToken)),
            isNull(staffChallenges.usedAt),
            gt(staffChallenges.expiresAt, now),
          ),
        );
      if (!challenge) throw badRequest(CM.challengeExpired);
      const row = await staff.findById(challenge.staffId);
      if (!row) throw badRequest(CM.challengeExpired);
      if (!row.active) throw forbidden(CM.inactive);
      if (row.lockedUntil && row.lockedUntil > now) throw tooMany(CM.locked);

      if (challenge.kind === 'enrol') {
        const secret = decrypt(challenge.pendingSecretEnc!, dataKey);
        const step = input.code ? totpStep(secret, input.code) : null;
        if (step === null) return fail(row, CM.badCode);
        return db.transaction(async (tx) => {
          if (!(await spendChallenge(tx, challenge.id))) throw badRequest(CM.challengeExpired);
          await staff.enableTotp(
            tx,
            row.id,
            challenge.pendingSecretEnc!,
            challenge.pendingRecoveryHashes ?? [],
            step,
            now,
          );
          await recordAudit(
            tx,
            { type: 'staff', id: row.id, ip: meta.ip },
            {
              action: 'staff.totp.enrol',
              subjectType: 'staff',
              subjectId: row.id,
            },
          );
          await recordAudit(
            tx,
            { type: 'staff', id: row.id, ip: meta.ip },
            {
              action: 'staff.sign_in',
              subjectType: 'staff',
              subjectId: row.id,
              after: { method: 'totp' },
            },
          );
          return openSession(tx, row, meta, challenge.pendingRecoveryHashes?.length ?? 0);
        });
      }

      if (!row.totpSecretEnc) throw badRequest(CM.challengeExpired);
      if (input.code) {
        const step = totpStep(decrypt(row.totpSecretEnc, dataKey), input.code);
        if (step === null) return fail(row, CM.badCode);
        const session = await db.transaction(async (tx) => {
          if (!(await staff.claimTotpStep(tx, row.id, step))) return null;
          if (!(await spendChallenge(tx, challenge.id))) throw badRequest(CM.challengeExpired);
          await recordAudit(
            tx,
            { type: 'staff', id: row.id, ip: meta.ip },
            {
              action: 'staff.sign_in',
              subjectType: 'staff',
              subjectId: row.id,
              after: { method: 'totp' },
            },
          );
          return openSession(tx, row, meta, row.recoveryCodeHashes.length);
        });
        // A code already used (replayed) counts as a failure like any wrong code.
        return session ?? fail(row, CM.badCode);
      }

      const typed = normalizeRecoveryCode(input.recoveryCode ?? '');
      let matched: string | null = null;
      for (const hash of row.recoveryCodeHashes) {
        if (typed && (await verifySecret(typed, hash))) {
          matched = hash;
          break;
        }
      }
      if (!matched) return fail(row, 'That recovery code is not valid or was already used.');
      const hash = matched;
      const session = await db.transaction(async (tx) => {
        if (!(await staff.spendRecoveryHash(tx, row.id, hash))) return null;
        if (!(await spendChallenge(tx, challenge.id))) throw badRequest(CM.challengeExpired);
        await recordAudit(
          tx,
          { type: 'staff', id: row.id, ip: meta.ip },
          {
            action: 'staff.sign_in',
            subjectType: 'staff',
            subjectId: row.id,
            after: {
              method: 'recovery_code',
              recoveryCodesLeft: row.recoveryCodeHashes.length - 1,
            },
          },
        );
        return openSession(tx, row, meta, row.recoveryCodeHashes.length - 1);
      });
      return session ?? fail(row, 'That recovery code is not valid or was already used.');
    },

    /** Resolves a bearer token to a live session of an active staff member; 401 otherwise. */
    async authenticate(token: string): Promise<StaffAuth> {
      const now = clock.now();
      const [session] = await db
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.tokenHash, sha256(token)));
      if (
        !session ||
        session.revokedAt ||
        session.expiresAt <= now ||
        session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now.getTime()
      ) {
        throw unauthorized(CM.sessionExpired);
      }
      const row = await staff.findById(session.staffId);
      if (!row || !row.active) throw unauthorized(CM.sessionExpired);
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await db
          .update(staffSessions)
          .set({ lastSeenAt: now })
          .where(eq(staffSessions.id, session.id));
      }
      return {
        staffId: row.id,
        sessionId: session.id,
        roles: row.roles as TStaffRole[],
        email: row.email,
      };
    },

    async me(staffId: string): Promise<TStaffMe & { recovery_codes_left: number }> {
      const row = await staff.findById(staffId);
      if (!row) throw notFound('No such staff member.');
      return { ...me(row), recovery_codes_left: row.recoveryCodeHashes.length };
    },

    async signOut(auth: StaffAuth, meta: Meta) {
      await db.transaction(async (tx) => {
        await tx
          .update(staffSessions)
          .set({ revokedAt: clock.now(), revokeReason: 'sign-out' })
          .where(eq(staffSessions.id, auth.sessionId));
        await recordAudit(
          tx,
          { type: 'staff', id: auth.staffId, ip: meta.ip },
          {
            action: 'staff.sign_out',
            subjectType: 'staff',
            subjectId: auth.staffId,
          },
        );
      });
    },

    /** Ends every session of this staff member, on every device. */
    async signOutEverywhere(auth: StaffAuth, meta: Meta) {
      await db.transaction(async (tx) => {
        await revokeAll(tx, auth.staffId, 'sign-out everywhere');
        await recordAudit(
          tx,
          { type: 'staff', id: auth.staffId, ip: meta.ip },
          {
            action: 'staff.sign_out_everywhere',
            subjectType: 'staff',
            subjectId: auth.staffId,
          },
        );
      });
    },

    /** Deactivation ends the member's sessions in the same transaction. */
    async setActive(id: string, active: boolean, actor: Actor) {
      return staff.setActive(id, active, actor, async (tx) => {
        if (!active) await revokeAll(tx, id, 'deactivated');
      });
    },

    /** An admin clears a lost authenticator: the next sign-in enrols again. */
    async resetTotp(id: string, actor: Actor) {
      await db.transaction(async (tx) => {
        const row = await staff.findById(id, tx);
        if (!row) throw notFound('No such staff member.');
        await staff.clearTotp(tx, id);
        await revokeAll(tx, id, 'second factor reset');
        await recordAudit(tx, actor, {
          action: 'staff.totp.reset',
          subjectType: 'staff',
          subjectId: id,
          before: { totpEnrolled: row.totpEnabledAt !== null },
          after: { totpEnrolled: false },
        });
      });
    },
  };

  async function spendChallenge(tx: Executor, id: string): Promise<boolean> {
    const rows = await tx
      .update(staffChallenges)
      .set({ usedAt: clock.now() })
      .where(and(eq(staffChallenges.id, id), isNull(staffChallenges.usedAt)))
      .returning({ id: staffChallenges.id });
    return rows.length === 1;
  }
}
export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
