/**
 * One schema, two sides: forms pass these to zodResolver, the server validates requests
 * with them, and both answer with the spec's exact words (messages.ts).
 */
import { z } from 'zod';
import {
  KYC_PHONE_MAX,
  KYC_PHONE_MIN,
  MIN_AGE,
  MIN_BIRTH_YEAR,
  PASSWORD_MIN,
} from './constants.ts';
import { idNumberType, normalizeIdNumber } from './id-number.ts';
import { isMd5Hex } from './md5.ts';
import { ApiMessage, M } from './messages.ts';
import { canonicalMobile, isIndianMobile } from './mobile.ts';

/** A trimmed string that must not be empty; any missing or non-string value gets `message`. */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message);

const md5Secret = (requiredMessage: string, hashMessage: string = ApiMessage.passwordNotHashed) =>
  requiredText(requiredMessage)
    .refine(isMd5Hex, hashMessage)
    .transform((v) => v.toLowerCase());

/** A mobile as typed in a form: 10 digits starting 6–9 (the +91 prefix is added on send). */
export const mobileField = (requiredMessage: string = M.mobileRequired) =>
  requiredText(requiredMessage).refine(isIndianMobile, M.mobileInvalid);

/** A mobile as the API receives it, in any spelling; becomes '+91XXXXXXXXXX'. */
export const apiMobile = (requiredMessage: string = M.mobileRequired) =>
  requiredText(requiredMessage).transform((value, ctx) => {
    const mobile = canonicalMobile(value);
    if (!mobile) {
      ctx.addIssue({ code: 'custom', message: M.mobileInvalid });
      return z.NEVER;
    }
    return mobile;
  });

// ---------- Forms (client) ----------

// The sign-in, sign-up and forgot-password forms are in auth-forms.ts (zod mini: /login loads them).
export {
  ZForgotResetForm,
  ZForgotVerifyForm,
  ZLoginForm,
  ZPasswordAgainForm,
  ZRegisterForm,
  type TForgotResetForm,
  type TForgotVerifyForm,
  type TLoginForm,
  type TRegisterForm,
} from './auth-forms.ts';

export const ZChangePasswordForm = z
  .object({
    currentPassword: requiredText(M.currentPasswordRequired),
    newPassword: requiredText(M.newPasswordRequired).min(PASSWORD_MIN, M.newPasswordMin),
    confirmPassword: requiredText(M.confirmYourPassword),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: M.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;

export const ZPinDigits = z.string().regex(/^\d{6}$/, 'PIN must be exactly 6 digits');
export const ZCreatePinPasswordForm = z.object({ password: requiredText(M.passwordRequired) });
export const ZCreatePinForm = z.object({ pin: ZPinDigits });

/** Age in whole years on `today` of someone born on `dob` (both YYYY-MM-DD calendar dates). */
export function ageOn(dob: string, today: Date): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Date of birth: YYYY-MM-DD, born 1900 or later, at least 18 on `now()`. */
export const dobField = (now: () => Date = () => new Date()) =>
  requiredText(M.dobRequired)
    .refine(isCalendarDate, M.dobInvalid)
    .refine((v) => Number(v.slice(0, 4)) >= MIN_BIRTH_YEAR, M.dobInvalid)
    .refine((v) => ageOn(v, now()) >= MIN_AGE, M.mustBeAdult);

/** Optional phone: when given, 9–15 digits (the spec's message says 10–15; it is shown as is). */
const kycPhone = z
  .string()
  .trim()
  .optional()
  .refine(
    (v) =>
      !v || new RegExp(`^\\+?\\d{${KYC_PHONE_MIN},${KYC_PHONE_MAX}}$`).test(v.replace(/\s/g, '')),
    M.phoneInvalid,
  );

export const kycBaseSchema = (now?: () => Date) =>
  z.object({
    full_name: requiredText(M.fullNameRequired).max(120),
    mobile: kycPhone,
    dob: dobField(now),
  });
export const ZKycBaseForm = kycBaseSchema();
export type TKycBaseForm = z.input<typeof ZKycBaseForm>;

const httpUrl = z
  .string({ error: ApiMessage.kycImageUrl })
  .trim()
  .refine((v) => /^https?:\/\//.test(v), ApiMessage.kycImageUrl);

export const ZIdNumber = requiredText(ApiMessage.kycIdRequired)
  .transform(normalizeIdNumber)
  .refine((v) => idNumberType(v) !== null, ApiMessage.kycIdInvalid);

export const ZKycIdForm = z.object({
  id_no: ZIdNumber,
  id_front_url: httpUrl,
  id_back_url: httpUrl,
});
export type TKycIdForm = z.input<typeof ZKycIdForm>;

// ---------- Requests (API) ----------

export const ZLoginRequest = z.object({
  username: requiredText(M.usernameRequired),
  password: md5Secret(M.passwordRequired),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  username: apiMobile(),
  password: md5Secret(M.passwordRequired),
  invite_code: requiredText(M.inviteCodeRequired).transform((v) => v.toUpperCase()),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZChangePasswordRequest = z.object({
  old_password: md5Secret(M.currentPasswordRequired),
  new_password: md5Secret(M.newPasswordRequired),
});

export const ZResetCodeRequest = z.object({
  email: apiMobile(M.mobileInvalid),
  code: requiredText(M.verificationCodeRequired),
});
export const ZResetPasswordRequest = z.object({
  username: apiMobile(M.mobileInvalid),
  password: md5Secret(M.passwordRequired),
  reset_token: requiredText(ApiMessage.resetTokenRequired),
});

export const ZPasswordVerifyRequest = z.object({ password: md5Secret(M.passwordRequired) });
/** What a request that owes the PIN and sent none is told. */
export const PIN_REQUIRED = 'PIN is required';
export const ZPinRequest = z.object({
  pin: md5Secret(PIN_REQUIRED, ApiMessage.pinNotHashed),
});

export const kycSubmitSchema = (now?: () => Date) => kycBaseSchema(now).extend(ZKycIdForm.shape);
export const ZKycSubmitRequest = kycSubmitSchema();
export type TKycSubmitRequest = z.input<typeof ZKycSubmitRequest>;

// ---------- Responses ----------

export const ZAuthData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().describe('seconds until the access token expires'),
  refresh_expires_in: z.number(),
});
export type TAuthData = z.infer<typeof ZAuthData>;

export const ZClientProfile = z.object({
  id: z.string().describe('UID'),
  name: z.string().nullable(),
  username: z.string(),
  account: z.string(),
  avatar: z.string().nullable(),
  vip: z.number(),
  score: z.number(),
  order_num: z.number(),
  has_pin: z.boolean(),
  allow_compensation: z.boolean(),
  allow_bonus: z.boolean(),
  allow_loan: z.boolean(),
  service: z.string().nullable(),
  kycStatus: z.enum(['unverified', 'pending', 'approved', 'rejected']),
  verified: z.boolean(),
});
export type TClientProfile = z.infer<typeof ZClientProfile>;

export const ZKycRecord = z.object({
  full_name: z.string(),
  id_no: z.string().describe('masked except the last four characters'),
  id_type: z.enum(['pan', 'aadhaar']),
  mobile: z.string().nullable(),
  dob: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'reopened']),
  reason: z.string().nullable(),
  create_datetime: z.string(),
  check_time: z.string().nullable(),
  id_front_url: z.string(),
  id_back_url: z.string(),
});
export type TKycRecord = z.infer<typeof ZKycRecord>;

export interface TMenuItem {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  meta: { title: string; icon: string };
  children?: TMenuItem[];
}
/**
 * A menu entry and its children. Recursive, so it is a named schema (`MenuItem`): the API
 * document refers to it from its components instead of to a definition it never wrote.
 */
export const ZMenuItem: z.ZodType<TMenuItem> = z
  .lazy(() =>
    z.object({
      path: z.string(),
      name: z.string(),
      component: z.string(),
      redirect: z.string().optional(),
      meta: z.object({ title: z.string(), icon: z.string() }),
      children: z.array(ZMenuItem).optional(),
    }),
  )
  .meta({ id: 'MenuItem' });

export const ZPublicSettings = z.object({
  app_name: z.string(),
  regulatory_line: z.string(),
  support: z.object({ phone: z.string(), email: z.string(), hours: z.string() }),
});
export type TPublicSettings = z.infer<typeof ZPublicSettings>;
