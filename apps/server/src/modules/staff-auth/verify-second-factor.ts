/** Step two: a TOTP code (or, once enrolled, a recovery code). Opens a session. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { CM, type TStaffSession } from '@sampada/shared';
import { recordAudit } from '../../platform/audit.ts';
import { decrypt, sha256, verifySecret } from '../../platform/crypto.ts';
import { badRequest, forbidden, tooMany } from '../../platform/errors.ts';
import { normalizeRecoveryCode } from '../../platform/totp.ts';
import type { StaffRow } from '../staff/service.ts';
import type { Meta, StaffAuthDeps } from './staff-auth-deps.ts';
import { fail, openSession, spendChallenge, totpStep } from './staff-sessions.ts';
import { staffChallenges } from './tables.ts';

type Challenge = typeof staffChallenges.$inferSelect;
type SecondFactor = {
  challengeToken: string;
  code?: string | undefined;
  recoveryCode?: string | undefined;
};

export async function verifySecondFactor(
  deps: StaffAuthDeps,
  input: SecondFactor,
  meta: Meta,
): Promise<TStaffSession> {
  const { db, clock, dataKey, staff } = deps;
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

  if (challenge.kind === 'enrol') return confirmEnrolment(deps, challenge, row, input, meta, now);

  if (!row.totpSecretEnc) throw badRequest(CM.challengeExpired);
  if (input.code) {
    const step = totpStep(deps, decrypt(row.totpSecretEnc, dataKey), input.code);
    if (step === null) return fail(deps, row, CM.badCode);
    const session = await db.transaction(async (tx) => {
      if (!(await staff.claimTotpStep(tx, row.id, step))) return null;
      if (!(await spendChallenge(deps, tx, challenge.id))) throw badRequest(CM.challengeExpired);
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
      return openSession(deps, tx, row, meta, row.recoveryCodeHashes.length);
    });
    // A code already used (replayed) counts as a failure like any wrong code.
    return session ?? fail(deps, row, CM.badCode);
  }
  return spendRecoveryCode(deps, challenge, row, input, meta);
}

/** A first code confirms the enrolment: the pending secret and recovery codes take effect. */
async function confirmEnrolment(
  deps: StaffAuthDeps,
  challenge: Challenge,
  row: StaffRow,
  input: SecondFactor,
  meta: Meta,
  now: Date,
): Promise<TStaffSession> {
  const { db, dataKey, staff } = deps;
  const secret = decrypt(challenge.pendingSecretEnc!, dataKey);
  const step = input.code ? totpStep(deps, secret, input.code) : null;
  if (step === null) return fail(deps, row, CM.badCode);
  return db.transaction(async (tx) => {
    if (!(await spendChallenge(deps, tx, challenge.id))) throw badRequest(CM.challengeExpired);
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
    return openSession(deps, tx, row, meta, challenge.pendingRecoveryHashes?.length ?? 0);
  });
}

/** A one-time recovery code in place of a TOTP code: spent as it opens the session. */
async function spendRecoveryCode(
  deps: StaffAuthDeps,
  challenge: Challenge,
  row: StaffRow,
  input: SecondFactor,
  meta: Meta,
): Promise<TStaffSession> {
  const { db, staff } = deps;
  const typed = normalizeRecoveryCode(input.recoveryCode ?? '');
  let matched: string | null = null;
  for (const hash of row.recoveryCodeHashes) {
    if (typed && (await verifySecret(typed, hash))) {
      matched = hash;
      break;
    }
  }
  if (!matched) return fail(deps, row, 'That recovery code is not valid or was already used.');
  const hash = matched;
  const session = await db.transaction(async (tx) => {
    if (!(await staff.spendRecoveryHash(tx, row.id, hash))) return null;
    if (!(await spendChallenge(deps, tx, challenge.id))) throw badRequest(CM.challengeExpired);
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
    return openSession(deps, tx, row, meta, row.recoveryCodeHashes.length - 1);
  });
  return session ?? fail(deps, row, 'That recovery code is not valid or was already used.');
}
