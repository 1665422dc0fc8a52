/**
 * A client's second factor (TOTP) and sessions (issue 32, docs/api-identity.md "Two-factor"
 * and "Sessions"): the requests and answers the server and the web app share.
 */
import { z } from 'zod';
import { ZAuthData } from './schemas.ts';

export const TOTP_RECOVERY_CODE_COUNT = 10;

export const TwoFactorMessage = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  badCode: 'That code is not valid. Check the time on your phone and try again.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  enrolFirst: 'Start the set-up again: no code is waiting to be confirmed.',
  requiredByFirm: 'Your broker requires two-factor authentication: it cannot be turned off.',
  sessionNotFound: 'No such session.',
} as const;

/** A TOTP (6 digits) or a recovery code ('ABCD-EFGH', any case, dash optional). */
export const ZTotpCode = z
  .string({ error: TwoFactorMessage.codeRequired })
  .trim()
  .min(6, TwoFactorMessage.codeRequired)
  .max(20, TwoFactorMessage.codeRequired)
  .regex(/^[0-9A-Za-z -]+$/, TwoFactorMessage.codeRequired);

export const ZTotpEnrolRequest = z.object({
  /** The password (MD5 hex) again, unless pwd_verify succeeded in the last 5 minutes. */
  password: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, 'Enter your password.')
    .optional(),
});
export const ZTotpEnrolment = z.object({
  secret: z.string().describe('base32; SHA-1, 6 digits, 30 s'),
  otpauth_url: z.string(),
  qr_data_url: z.string().describe('the otpauth URL as a PNG data URL'),
});
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;

export const ZTotpCodeRequest = z.object({ code: ZTotpCode });
export const ZRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });

export const ZTotpStatus = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recovery_codes_left: z.number(),
  /** When staff last reset it (a lost phone), while it is still off since; else null. */
  reset_at: z.string().nullable(),
});
export type TTotpStatus = z.infer<typeof ZTotpStatus>;

/** The password was right; a second factor is owed (or, when the firm requires one, set up). */
export const ZLoginChallenge = z.object({
  challenge_token: z.string(),
  methods: z.array(z.literal('totp')),
  expires_at: z.string(),
  /** Present when 2FA is required and not yet on: scan this, then verify a first code. */
  enrolment: ZTotpEnrolment.optional(),
});
export type TLoginChallenge = z.infer<typeof ZLoginChallenge>;
export const ZLoginAnswer = z.union([ZAuthData, ZLoginChallenge]);
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

export const ZLoginVerifyRequest = z.object({
  challenge_token: z.string().min(1).max(200),
  code: ZTotpCode,
});
/** Auth data; after a required enrolment also the recovery codes, shown once. */
export const ZLoginVerified = ZAuthData.extend({ recovery_codes: z.array(z.string()).optional() });
export type TLoginVerified = z.infer<typeof ZLoginVerified>;

export const ZClientSession = z.object({
  id: z.string(),
  device: z.string().nullable(),
  browser: z.string().nullable(),
  ip: z.string().nullable().describe('the address the session was last seen from'),
  place: z
    .string()
    .nullable()
    .describe(
      'where that address is, in words ("Mumbai, Maharashtra, India"), from IP to City Lite ' +
        'by DB-IP (CC-BY-4.0, https://db-ip.com); null when unknown, private or reserved',
    ),
  signed_in_at: z.string(),
  last_seen_at: z.string().describe('the last refresh, else the sign-in'),
  expires_at: z.string(),
  current: z.boolean(),
});
export type TClientSession = z.infer<typeof ZClientSession>;
