/**
 * The sign-in, sign-up and forgot-password forms' schemas, in zod's mini build: /login loads
 * them, and zod classic's method-chaining API cannot be tree-shaken (24 kB brotli on the first
 * screen against about 9 kB for these). Same checks in the same order as the classic schemas
 * would make, so the same first message (the spec's words, messages.ts); zodResolver takes
 * either build.
 */
import * as z from 'zod/mini';
import { PASSWORD_MIN } from './constants.ts';
import { M } from './messages.ts';
import { isIndianMobile } from './mobile.ts';

/** requiredText (schemas.ts) in the mini build: trimmed, not empty, `message` for anything else. */
const requiredText = (message: string, ...checks: z.core.$ZodCheck<string>[]) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), ...checks);

/** mobileField (schemas.ts) in the mini build: 10 digits starting 6–9. */
const mobileField = (requiredMessage: string = M.mobileRequired) =>
  requiredText(requiredMessage, z.refine(isIndianMobile, M.mobileInvalid));

const passwordsMatch = <T extends { confirmPassword: string }>(password: (v: T) => string) =>
  z.refine<T>((v) => password(v) === v.confirmPassword, {
    message: M.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export const ZLoginForm = z.object({
  username: requiredText(M.usernameRequired),
  password: requiredText(M.passwordRequired),
  remember: z._default(z.boolean(), false),
});
export type TLoginForm = z.input<typeof ZLoginForm>;

/** The password asked again before a security change (turning on two-factor sign-in). */
export const ZPasswordAgainForm = z.object({ password: requiredText(M.passwordRequired) });

export const ZRegisterForm = z
  .object({
    mobile: mobileField(),
    password: requiredText(M.passwordRequired, z.minLength(PASSWORD_MIN, M.passwordMin)),
    confirmPassword: requiredText(M.confirmPasswordRequired),
    invitationCode: requiredText(M.inviteCodeRequired),
  })
  .check(passwordsMatch((v) => v.password));
export type TRegisterForm = z.input<typeof ZRegisterForm>;

export const ZForgotVerifyForm = z.object({
  mobile: mobileField(M.mobileInvalid),
  code: requiredText(M.verificationCodeRequired),
});
export type TForgotVerifyForm = z.input<typeof ZForgotVerifyForm>;

export const ZForgotResetForm = z
  .object({
    password: requiredText(M.newPasswordMin, z.minLength(PASSWORD_MIN, M.newPasswordMin)),
    confirmPassword: requiredText(M.confirmPasswordShort),
  })
  .check(passwordsMatch((v) => v.password));
export type TForgotResetForm = z.input<typeof ZForgotResetForm>;
