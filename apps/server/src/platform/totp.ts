/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s — any authenticator app) and recovery codes, shared
 * by staff and client sign-in.
 */
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { APP_NAME } from '@sampada/shared';
import { randomCode } from './crypto.ts';

export const TOTP_STEP_S = 30;

/** The time step a code belongs to, within one step either side for clock drift; null if wrong. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const epoch = now.getTime();
  const delta = authenticator.clone({ epoch, window: 1 }).checkDelta(code, secret);
  return delta === null ? null : Math.floor(epoch / 1000 / TOTP_STEP_S) + delta;
}

export const newTotpSecret = () => authenticator.generateSecret(20);

/** The otpauth URL an authenticator app scans, and the same as a PNG data URL. */
export async function totpEnrolment(account: string, secret: string) {
  const otpauthUrl = authenticator.keyuri(account, APP_NAME, secret);
  return { secret, otpauth_url: otpauthUrl, qr_data_url: await QRCode.toDataURL(otpauthUrl) };
}

/** 'ABCD-EFGH': read off a printout, typed with or without the dash, any case. */
export const newRecoveryCode = () => `${randomCode(4)}-${randomCode(4)}`;
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** Six digits: a TOTP; anything else is taken for a recovery code. */
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
