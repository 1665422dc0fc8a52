import { md5, type TApiAppSecondFactor, type TTotpStatus, ZTotpCode } from '@sampada/shared';
import { z } from 'zod';
import { ZPinTyped } from '../../../components/pin-field';

/**
 * What creating an app or rotating its secret asks, read as the server decides it: the
 * authenticator code when 2FA is on, nothing that will do when the firm requires 2FA and it is
 * off (enrol first), else the PIN. The server checks again; this only picks the field.
 */
export type TAppFactor = 'totp' | 'enrol' | 'pin';

export const appFactorOf = (status: TTotpStatus): TAppFactor => {
  if (status.enabled) return 'totp';
  return status.required ? 'enrol' : 'pin';
};

/** The factor as the form holds it: the PIN's digits as typed, or the code. */
export type TFactorTyped = { pin: string; totp_code: string };

/** The form's check of the one field the factor asks (none while 2FA must be turned on). */
export const factorSchema = (factor: TAppFactor) => {
  if (factor === 'totp') return z.object({ totp_code: ZTotpCode });
  return factor === 'pin' ? z.object({ pin: ZPinTyped }) : z.object({});
};

/** The one field the factor asks, as typed; the form's other field is left out. */
export const factorTyped = (factor: TAppFactor, values: TFactorTyped): Partial<TFactorTyped> => {
  if (factor === 'totp') return { totp_code: values.totp_code };
  return factor === 'pin' ? { pin: values.pin } : {};
};

/** What the request carries: the code, or the PIN's MD5 (the PIN never leaves as typed). */
export function factorBody(typed: Partial<TFactorTyped>): TApiAppSecondFactor {
  if (typed.totp_code !== undefined) return { totp_code: typed.totp_code.trim() };
  return typed.pin !== undefined ? { pin: md5(typed.pin) } : {};
}
