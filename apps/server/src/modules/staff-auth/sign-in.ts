/** Step one: email and password (MD5 hex). Answers a challenge for the second factor. */
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { APP_NAME, CM, type TSignInChallenge } from '@sampada/shared';
import { blockedUntil, recordFailure } from '../../platform/attempts.ts';
import { addMs } from '../../platform/clock.ts';
import {
  decoySecretHash,
  encrypt,
  hashSecret,
  randomToken,
  sha256,
  verifySecret,
} from '../../platform/crypto.ts';
import { badRequest, forbidden, tooMany } from '../../platform/errors.ts';
import { newRecoveryCode, normalizeRecoveryCode } from '../../platform/totp.ts';
import type { StaffRow } from '../staff/service.ts';
import {
  CHALLENGE_TTL_MS,
  type Meta,
  RECOVERY_CODE_COUNT,
  STAFF_SIGN_IN_PER_IP,
  type StaffAuthDeps,
} from './staff-auth-deps.ts';
import { fail } from './staff-sessions.ts';
import { staffChallenges } from './tables.ts';

export async function signIn(
  deps: StaffAuthDeps,
  input: { email: string; passwordMd5: string },
  meta: Meta,
): Promise<TSignInChallenge> {
  const { db, clock, staff } = deps;
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
    return fail(deps, row, CM.badCredentials);
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
  return enrolmentChallenge(deps, row, token, expiresAt);
}

/**
 * A first sign-in enrols TOTP: the secret and recovery codes are shown once and kept on the
 * challenge, taking effect only when the staff member confirms a first code.
 */
async function enrolmentChallenge(
  { db, dataKey }: StaffAuthDeps,
  row: StaffRow,
  token: string,
  expiresAt: Date,
): Promise<TSignInChallenge> {
  const secret = authenticator.generateSecret(20);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(recoveryCodes.map((c) => hashSecret(normalizeRecoveryCode(c))));
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
}
