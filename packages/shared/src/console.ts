/**
 * The console's API (`/console/api/v1/...`): request schemas the server validates with and
 * the console's forms resolve with, and the shapes of what it answers.
 */
import { z } from 'zod';
import { ZChatSettings } from './support.ts';
import { KYC_STATUSES, STAFF_ROLES } from './constants.ts';
import { isMd5Hex } from './md5.ts';
import { ApiMessage, M } from './messages.ts';
import { apiMobile, requiredText } from './schemas.ts';

export const STAFF_PASSWORD_MIN = 10;
export const CONSOLE_PAGE_DEFAULT = 20;
export const CONSOLE_PAGE_MAX = 100;

export const CM = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address.',
  staffPasswordMin: `Staff passwords need at least ${STAFF_PASSWORD_MIN} characters.`,
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'The code has 6 digits.',
  rolesRequired: 'Choose at least one role.',
  reasonRequired: 'A reason is required.',
  badCredentials: 'Incorrect email or password.',
  badCode: 'That code is not correct. Check the time on your phone and try again.',
  locked: 'Too many failed sign-ins. This account is locked for 15 minutes.',
  challengeExpired: 'Your sign-in took too long. Start again with your email and password.',
  sessionExpired: 'Your console session has ended. Please sign in again.',
  inactive: 'This staff account is deactivated.',
} as const;

const email = requiredText(CM.emailRequired).toLowerCase().pipe(z.email(CM.emailInvalid));
const md5 = requiredText(M.passwordRequired)
  .refine(isMd5Hex, ApiMessage.passwordNotHashed)
  .transform((v) => v.toLowerCase());
const staffRole = z.enum(STAFF_ROLES, { error: `Role must be one of: ${STAFF_ROLES.join(', ')}.` });
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, CM.codeInvalid);

// ---------- Sign-in ----------

export const ZStaffSignInForm = z.object({ email, password: requiredText(M.passwordRequired) });
export type TStaffSignInForm = z.input<typeof ZStaffSignInForm>;
export const ZStaffSignInRequest = z.object({ email, password: md5 });

export const ZStaffCodeForm = z.object({ code: totpCode });
export const ZRecoveryCodeForm = z.object({
  recovery_code: requiredText('Enter one of your recovery codes.'),
});

export const ZStaffVerifyRequest = z
  .object({
    challenge_token: requiredText(CM.challengeExpired),
    code: totpCode.optional(),
    recovery_code: z.string().trim().min(1).optional(),
  })
  .refine((v) => v.code !== undefined || v.recovery_code !== undefined, {
    message: CM.codeRequired,
  });

export const ZStaffMe = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(staffRole),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;

export const ZSignInChallenge = z.object({
  challenge_token: z.string(),
  expires_at: z.string(),
  step: z.enum(['totp', 'enrol']),
  enrolment: z
    .object({
      otpauth_uri: z.string(),
      qr_data_url: z.string(),
      secret: z.string(),
      recovery_codes: z.array(z.string()),
    })
    .nullable(),
});
export type TSignInChallenge = z.infer<typeof ZSignInChallenge>;

export const ZStaffSession = z.object({
  token: z.string(),
  expires_at: z.string(),
  idle_timeout_s: z.number(),
  staff: ZStaffMe,
  recovery_codes_left: z.number(),
});
export type TStaffSession = z.infer<typeof ZStaffSession>;

// ---------- Staff management ----------

export const ZStaffCreateRequest = z.object({
  email,
  name: z.string().trim().max(80).optional(),
  roles: z.array(staffRole).min(1, CM.rolesRequired),
  password: requiredText(M.passwordRequired).min(STAFF_PASSWORD_MIN, CM.staffPasswordMin),
});
export type TStaffCreateRequest = z.input<typeof ZStaffCreateRequest>;

export const ZStaffRolesRequest = z.object({ roles: z.array(staffRole).min(1, CM.rolesRequired) });

export const ZStaffView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(staffRole),
  active: z.boolean(),
  totp_enrolled: z.boolean(),
  locked_until: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type TStaffView = z.infer<typeof ZStaffView>;

// ---------- Lists ----------

export const ZPageQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(CONSOLE_PAGE_MAX).default(CONSOLE_PAGE_DEFAULT),
});

export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });
export type TPage<T> = { items: T[]; next_cursor: string | null };

// ---------- Clients ----------

export const ZClientListQuery = ZPageQuery.extend({
  q: z.string().trim().max(60).optional(),
  kyc_status: z.enum(KYC_STATUSES).optional(),
  advisor_id: z.uuid().optional(),
});
export type TClientListQuery = z.input<typeof ZClientListQuery>;

export const ZClientListItem = z.object({
  id: z.string(),
  uid: z.string(),
  mobile: z.string(),
  name: z.string().nullable(),
  kyc_status: z.enum(KYC_STATUSES),
  advisor: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  vip: z.number(),
  score: z.number(),
  created_at: z.string(),
});
export type TClientListItem = z.infer<typeof ZClientListItem>;

export const ZClientFlagsRequest = z
  .object({ allow_compensation: z.boolean(), allow_bonus: z.boolean(), allow_loan: z.boolean() })
  .partial();
export type TClientFlagsRequest = z.infer<typeof ZClientFlagsRequest>;

export const ZClientAdjustmentRequest = z.object({
  kind: z.enum(['vip', 'score']),
  value: z.coerce.number().int('Enter a whole number.'),
  reason: requiredText(CM.reasonRequired).max(500),
});
export type TClientAdjustmentRequest = z.input<typeof ZClientAdjustmentRequest>;
export const VIP_MAX = 10;

export const ZKycReview = z.object({
  full_name: z.string(),
  id_no: z.string(),
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

export const ZResetCodeView = z.object({
  id: z.string(),
  client_id: z.string(),
  client_mobile: z.string(),
  expires_at: z.string(),
  attempts: z.number(),
  max_attempts: z.number(),
  status: z.enum(['active', 'verified', 'used', 'expired', 'replaced', 'exhausted']),
  issued_by: z.string().nullable(),
  created_at: z.string(),
});
export type TResetCodeView = z.infer<typeof ZResetCodeView>;

export const ZClientDetail = ZClientListItem.extend({
  account: z.string(),
  avatar: z.string().nullable(),
  has_pin: z.boolean(),
  allow_compensation: z.boolean(),
  allow_bonus: z.boolean(),
  allow_loan: z.boolean(),
  kyc: ZKycReview.nullable(),
  reset_codes: z.array(ZResetCodeView),
});
export type TClientDetail = z.infer<typeof ZClientDetail>;

// ---------- Invitation and reset codes ----------

export const ZInviteCreateRequest = z.object({
  max_uses: z.coerce
    .number()
    .int('Enter a whole number.')
    .min(1, 'At least 1 use.')
    .max(10_000)
    .default(1),
  expires_in_hours: z.coerce
    .number()
    .int('Enter a whole number of hours.')
    .min(1)
    .max(24 * 365)
    .nullable()
    .optional(),
  note: z.string().trim().max(200).optional(),
  advisor_id: z.uuid().optional(),
});
export type TInviteCreateRequest = z.input<typeof ZInviteCreateRequest>;

export const ZInviteView = z.object({
  id: z.string(),
  code: z.string(),
  advisor: z.object({ id: z.string(), email: z.string() }),
  max_uses: z.number(),
  uses: z.number(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(['active', 'used', 'expired', 'revoked']),
  used_by: z.array(
    z.object({ id: z.string(), uid: z.string(), mobile: z.string(), created_at: z.string() }),
  ),
  created_at: z.string(),
});
export type TInviteView = z.infer<typeof ZInviteView>;

export const ZResetCodeIssueRequest = z.object({ mobile: apiMobile(M.mobileInvalid) });
export type TResetCodeIssueRequest = z.input<typeof ZResetCodeIssueRequest>;
export const ZIssuedResetCode = z.object({
  code: z.string(),
  expires_at: z.string(),
  max_attempts: z.number(),
  client_id: z.string(),
});

// ---------- KYC ----------

export const ZKycRejectRequest = z.object({ reason: requiredText(CM.reasonRequired).max(500) });
export const ZKycQueueItem = z.object({
  client_id: z.string(),
  uid: z.string(),
  mobile: z.string(),
  full_name: z.string(),
  id_type: z.enum(['pan', 'aadhaar']),
  submitted_at: z.string(),
  advisor_email: z.string().nullable(),
});
export type TKycQueueItem = z.infer<typeof ZKycQueueItem>;

// ---------- Audit, dashboard ----------

export const ZAuditQuery = ZPageQuery.extend({
  actor: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  subject: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor_type: z.string(),
  actor_id: z.string().nullable(),
  actor_label: z.string().nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  /** A client subject by name and UID (the id stays in subject_id); null otherwise. */
  subject_label: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** One count per work queue; later issues add their queues as keys. */
export const ZDashboard = z.object({ queues: z.record(z.string(), z.number()) });
export type TDashboard = z.infer<typeof ZDashboard>;

// ---------- Menu, settings ----------

export const ZMenuCapability = z.enum(['allow_loan', 'allow_bonus', 'allow_compensation']);
export const ZMenuItemInput = z.object({
  path: requiredText('Path is required').regex(/^\//, 'Path starts with /'),
  name: requiredText('Name is required').max(60),
  component: requiredText('Component is required').max(80),
  redirect: z.string().trim().max(200).nullable().optional(),
  title: requiredText('Title is required').max(60),
  icon: requiredText('Icon is required').max(40),
  requires: ZMenuCapability.nullable().optional(),
  enabled: z.boolean().default(true),
});
export type TMenuItemInput = z.input<typeof ZMenuItemInput>;
export const ZMenuReplaceRequest = z.object({ items: z.array(ZMenuItemInput).max(100) });
export const ZMenuEntry = ZMenuItemInput.extend({
  id: z.string(),
  position: z.number(),
  redirect: z.string().nullable(),
  requires: ZMenuCapability.nullable(),
  enabled: z.boolean(),
});
export type TMenuEntry = z.infer<typeof ZMenuEntry>;

export const ZFirmSettings = z.object({
  app_name: z.string().trim().min(1, 'App name is required').max(40),
  regulatory_line: z.string().trim().max(300),
  support: z.object({
    phone: z.string().trim().max(40),
    email: z.string().trim().max(120),
    hours: z.string().trim().max(120),
  }),
  /** The chat project id of spec §3 `service`; null while the built-in chat is used. */
  chat_service: z.string().trim().max(120).nullable(),
  /** The built-in chat's office hours and reply promise, or an external chat script. */
  chat: ZChatSettings,
  deposit_bank: z.object({
    account_name: z.string().trim().max(120),
    account_number: z.string().trim().max(30),
    ifsc: z.string().trim().max(11),
    bank_name: z.string().trim().max(120),
    branch: z.string().trim().max(120),
    upi_id: z.string().trim().max(120),
  }),
  /** The trading API for client programs (docs/api-connect.md): off stops every app at once. */
  trading_api: z.object({ enabled: z.boolean() }),
  /** Clients must sign in with a second factor (TOTP); off until an admin turns it on. */
  client_2fa_required: z.boolean().optional(),
});
export type TFirmSettings = z.infer<typeof ZFirmSettings>;
