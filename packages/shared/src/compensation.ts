/**
 * Compensation claims, offers and bonuses, and the client's applications page (issue 17,
 * docs/api-applications.md). A claim is an investor's grievance with money attached: it is
 * acknowledged with a reference number, decided with reasons within 21 days (SEBI SCORES),
 * and an approved amount is paid to the client's cash through the ledger. Money travels as
 * integer paise (JSON numbers).
 */
import { z } from 'zod';
import { ZPageQuery } from './console.ts';
import { paiseField } from './credit.ts';
import { FM, MAX_TRANSFER_PAISE } from './funds.ts';
import {
  amountInPaise,
  checkAmountPair,
  deprecatedPaise,
  optionalAmountInPaise,
  rupeeText,
} from './rupee-fields.ts';
import { formatPaise } from './money.ts';
import { requiredText } from './schemas.ts';

// ---------- Constants ----------

/** SEBI SCORES expects a grievance resolved within 21 days. */
export const DECISION_DAYS = 21;
/** Spec §5: the multi-image upload takes at most 10 images by default. */
export const MAX_EVIDENCE_IMAGES = 10;
export const EVIDENCE_HINT = (max: number = MAX_EVIDENCE_IMAGES) =>
  `Supported: JPG, PNG. Max ${max} images.`;

export const COMPENSATION_CATEGORIES = [
  'service_failure',
  'delayed_service',
  'trade_error',
  'wrong_charge',
  'other',
] as const;
export type TCompensationCategory = (typeof COMPENSATION_CATEGORIES)[number];
export const COMPENSATION_CATEGORY_LABELS: Record<TCompensationCategory, string> = {
  service_failure: 'Failed service',
  delayed_service: 'Delayed service',
  trade_error: 'Trade error',
  wrong_charge: 'Charge applied wrongly',
  other: 'Other',
};

export const CLAIM_STATUSES = [
  'submitted',
  'under_review',
  'info_requested',
  'approved',
  'partly_approved',
  'rejected',
  'paid',
  'withdrawn',
] as const;
export type TClaimStatus = (typeof CLAIM_STATUSES)[number];
/** A claim in these statuses awaits a decision (the queue; the client may still withdraw). */
export const OPEN_CLAIM_STATUSES = ['submitted', 'under_review', 'info_requested'] as const;
export const CLAIM_STATUS_LABELS: Record<TClaimStatus, string> = {
  submitted: 'Submitted',
  under_review: 'Under review',
  info_requested: 'Information requested',
  approved: 'Approved',
  partly_approved: 'Partly approved',
  rejected: 'Rejected',
  paid: 'Paid',
  withdrawn: 'Withdrawn',
};

export const RELATED_KINDS = ['order', 'deposit', 'withdrawal'] as const;
export type TRelatedKind = (typeof RELATED_KINDS)[number];

export const OFFER_KINDS = ['info', 'bonus'] as const;
export type TOfferKind = (typeof OFFER_KINDS)[number];
export const BONUS_KINDS = ['fixed', 'cashback'] as const;
export type TBonusKind = (typeof BONUS_KINDS)[number];
export const OFFER_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type TOfferStatus = (typeof OFFER_STATUSES)[number];

export const APPLICATION_KINDS = [
  'kyc',
  'loan',
  'compensation',
  'bonus',
  'deposit',
  'withdrawal',
] as const;
export type TApplicationKind = (typeof APPLICATION_KINDS)[number];
export const APPLICATION_KIND_LABELS: Record<TApplicationKind, string> = {
  kyc: 'KYC',
  loan: 'Loan',
  compensation: 'Compensation',
  bonus: 'Bonus',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
};

// ---------- Messages ----------

export const CPM = {
  notAllowed: 'Compensation claims are not available on your account. Contact your advisor.',
  kycRequired: 'Complete KYC verification before filing a compensation claim.',
  claimNotFound: 'Claim not found.',
  categoryRequired: 'Choose what the claim is about.',
  amountRequired: 'Enter the amount claimed.',
  descriptionRequired: 'Describe what happened.',
  descriptionTooLong: 'Keep the description under 2,000 characters.',
  messageRequired: 'Write your answer.',
  amountAboveCap: (cap: bigint | number) =>
    `The amount claimed may not be more than ${formatPaise(cap)}.`,
  tooManyImages: (max: number = MAX_EVIDENCE_IMAGES) => `Attach at most ${max} images.`,
  imageNotYours: 'An evidence image was not uploaded by you. Upload it again.',
  relatedNotYours: 'The order, deposit or withdrawal you chose is not one of yours.',
  cannotWithdraw: 'Only a claim awaiting a decision can be withdrawn.',
  cannotReply: 'This claim is not waiting for your answer.',
  alreadyStatus: (status: TClaimStatus) => `The claim is already ${CLAIM_STATUS_LABELS[status]}.`,
  cannotPay: (status: TClaimStatus) =>
    status === 'paid'
      ? 'The claim has already been paid.'
      : `Only an approved claim can be paid; this one is ${CLAIM_STATUS_LABELS[status]}.`,
  reasonRequired: 'Give the reason for the decision.',
  questionRequired: 'Write what the client should send.',
  partAmountRequired: 'Enter the amount approved; it must be less than the amount claimed.',
  secondApprovalSameOfficer: 'A second, different officer must give the second approval.',
  deciderOnly: 'Only operations officers may decide compensation claims.',
  settingsInvalid: 'Enter whole paise, zero or more.',
} as const;

export const COMPENSATION_DONE = {
  applied: 'Claim submitted.',
  replied: 'Answer sent.',
  withdrawn: 'Claim withdrawn.',
  reviewing: 'Review started.',
  infoRequested: 'Information requested from the client.',
  approved: 'Approval recorded.',
  firstApproval: 'First approval recorded. A second officer must approve.',
  rejected: 'Claim rejected.',
  paid: 'Compensation paid to the client’s cash.',
  settingsSaved: 'Compensation settings saved.',
} as const;

export const OM = {
  notAllowed: 'Bonuses are not available on your account. Contact your advisor.',
  kycRequired: 'Complete KYC verification before claiming a bonus.',
  offerNotFound: 'Offer not found.',
  notABonus: 'This offer has nothing to claim.',
  notStarted: 'This offer has not started yet.',
  expired: 'This offer has ended.',
  notForYou: 'This offer is not available at your VIP level.',
  exhausted: 'This offer’s budget has run out.',
  alreadyClaimed: 'You have already claimed this offer.',
  noBrokerage: 'No brokerage paid during the offer yet: nothing to give back.',
  cashbackUnderPaisa:
    'The cashback on the brokerage paid during the offer is still under one paisa: trade more and claim again.',
  titleRequired: 'Enter a title.',
  bodyRequired: 'Enter the offer’s text.',
  validityInvalid: 'The offer must end after it starts.',
  amountRequired: 'Enter the bonus amount.',
  cashbackInvalid: 'Enter the cashback as a percentage of brokerage (0.01–100) and its cap.',
  budgetBelowUsed: 'The budget cannot be less than what has already been claimed.',
  budgetRequired: 'Enter the total budget.',
} as const;

export const OFFER_DONE = {
  claimed: 'Bonus credited to your cash.',
  saved: 'Offer saved.',
} as const;

// ---------- Requests (client) ----------

const evidence = z
  .array(z.string().url(CPM.imageNotYours).max(2000), { error: CPM.imageNotYours })
  .max(MAX_EVIDENCE_IMAGES, CPM.tooManyImages())
  .default([]);

/** An amount a client or an officer types, in rupees (decision 062); services read paise. */
const rupees = (required: string) =>
  rupeeText({ required, maxPaise: MAX_TRANSFER_PAISE, tooLarge: FM.amountTooLarge });
const claimAmount = (required: string) => ({
  /** Rupees: '2500' or '2500.50'. */
  amount: rupees(required).optional(),
  amount_paise: deprecatedPaise(paiseField(required), 'amount').optional(),
});

export const ZCompensationApply = amountInPaise(
  z.object({
    category: z.enum(COMPENSATION_CATEGORIES, { error: CPM.categoryRequired }),
    ...claimAmount(CPM.amountRequired),
    description: requiredText(CPM.descriptionRequired).max(2000, CPM.descriptionTooLong),
    /** The order, deposit or withdrawal the claim concerns: the client's own. */
    related: z
      .object({
        kind: z.enum(RELATED_KINDS, { error: CPM.relatedNotYours }),
        id: z.uuid({ error: CPM.relatedNotYours }),
      })
      .nullable()
      .default(null),
    /** Signed links the image upload answered (POST /client/app/v1/image?purpose=evidence). */
    evidence,
  }),
  CPM.amountRequired,
);
export type TCompensationApply = z.input<typeof ZCompensationApply>;

export const ZCompensationReply = z.object({
  message: requiredText(CPM.messageRequired).max(2000, CPM.descriptionTooLong),
  evidence,
});
export type TCompensationReply = z.input<typeof ZCompensationReply>;

export const ZClaimListQuery = z.object({ status: z.enum(CLAIM_STATUSES).optional() });

// ---------- Requests (console) ----------

export const ZClaimQueueQuery = ZPageQuery.extend({
  /** Default: the open claims, overdue and oldest first (the work queue). */
  status: z.enum([...CLAIM_STATUSES, 'open', 'all']).default('open'),
  client_id: z.uuid().optional(),
});
export type TClaimQueueQuery = z.input<typeof ZClaimQueueQuery>;

export const ZClaimAskInfo = z.object({
  question: requiredText(CPM.questionRequired).max(2000),
});
export const ZClaimApprove = optionalAmountInPaise(
  z.object({
    /** Less than claimed: a partial approval. Absent: the amount claimed (or, second, the first's). */
    ...claimAmount(CPM.partAmountRequired),
    reason: requiredText(CPM.reasonRequired).max(1000),
  }),
);
export type TClaimApprove = z.input<typeof ZClaimApprove>;
export const ZClaimReject = z.object({ reason: requiredText(CPM.reasonRequired).max(1000) });
export const ZClaimNote = z.object({ note: z.string().trim().max(1000).optional() });

export const ZCompensationSettings = z.object({
  /** The most a client may claim at once. */
  max_claim_paise: z
    .number({ error: CPM.settingsInvalid })
    .int(CPM.settingsInvalid)
    .min(1, CPM.settingsInvalid),
  /** Approvals above this amount need a second officer. */
  approval_threshold_paise: z
    .number({ error: CPM.settingsInvalid })
    .int(CPM.settingsInvalid)
    .min(0, CPM.settingsInvalid),
});
export type TCompensationSettings = z.infer<typeof ZCompensationSettings>;

const isoDate = z.iso.datetime({ offset: true, error: OM.validityInvalid });

/** An offer's three amounts: rupee text, or for one release the deprecated paise integers. */
const OFFER_AMOUNTS = [
  { rupees: 'amount', paise: 'amount_paise' },
  { rupees: 'cashback_cap', paise: 'cashback_cap_paise' },
  { rupees: 'budget', paise: 'budget_paise' },
] as const;
const ZOfferFields = z.object({
  title: requiredText(OM.titleRequired).max(120),
  body: requiredText(OM.bodyRequired).max(4000),
  kind: z.enum(OFFER_KINDS),
  bonus_kind: z.enum(BONUS_KINDS).nullable().default(null),
  /** A fixed bonus, in rupees: '250' or '250.50'. */
  amount: rupees(OM.amountRequired).nullable().optional(),
  amount_paise: deprecatedPaise(paiseField(OM.amountRequired), 'amount').nullable().optional(),
  cashback_bps: z.number().int().min(1).max(10_000).nullable().default(null),
  /** A cashback's cap per client, in rupees. */
  cashback_cap: rupees(OM.cashbackInvalid).nullable().optional(),
  cashback_cap_paise: deprecatedPaise(paiseField(OM.cashbackInvalid), 'cashback_cap')
    .nullable()
    .optional(),
  /** The offer's total budget, in rupees. */
  budget: rupees(OM.budgetRequired).nullable().optional(),
  budget_paise: deprecatedPaise(paiseField(OM.budgetRequired), 'budget').nullable().optional(),
  /** 0: every client; N: VIP level N and up. */
  min_vip: z.number().int().min(0).max(10).default(0),
  valid_from: isoDate,
  valid_until: isoDate,
  status: z.enum(OFFER_STATUSES).default('draft'),
});

type TOfferFields = z.output<typeof ZOfferFields>;

/** The offer's rules, on the fields as sent, so they speak beside the fields' own issues. */
function checkOffer(o: TOfferFields, ctx: z.RefinementCtx) {
  const came = (names: (typeof OFFER_AMOUNTS)[number]) =>
    checkAmountPair({ rupees: o[names.rupees], paise: o[names.paise] }, names, ctx);
  const [amount, cap, budget] = OFFER_AMOUNTS.map(came);
  if (Date.parse(o.valid_until) <= Date.parse(o.valid_from))
    ctx.addIssue({ code: 'custom', path: ['valid_until'], message: OM.validityInvalid });
  if (o.kind !== 'bonus') return;
  if (!budget) ctx.addIssue({ code: 'custom', path: ['budget'], message: OM.budgetRequired });
  if (o.bonus_kind === 'fixed' && !amount)
    ctx.addIssue({ code: 'custom', path: ['amount'], message: OM.amountRequired });
  if (o.bonus_kind === 'cashback' && (o.cashback_bps === null || !cap))
    ctx.addIssue({ code: 'custom', path: ['cashback_bps'], message: OM.cashbackInvalid });
  if (o.bonus_kind === null)
    ctx.addIssue({ code: 'custom', path: ['bonus_kind'], message: OM.amountRequired });
}

/** The rupee fields and their paise twins as the `*_paise` (or null) the offer service reads. */
function offerAmountsInPaise(o: TOfferFields) {
  const { amount, amount_paise, cashback_cap, cashback_cap_paise, budget, budget_paise, ...rest } =
    o;
  // Both present means both agreed: checkOffer stops the parse otherwise.
  return {
    ...rest,
    amount_paise: amount ?? amount_paise ?? null,
    cashback_cap_paise: cashback_cap ?? cashback_cap_paise ?? null,
    budget_paise: budget ?? budget_paise ?? null,
  };
}

export const ZOfferInput = ZOfferFields.superRefine(checkOffer).transform(offerAmountsInPaise);
export type TOfferInput = z.input<typeof ZOfferInput>;

export const ZApplicationsQuery = z.object({
  kind: z.enum(APPLICATION_KINDS).optional(),
  /** A status of the kind's own ('approved', 'pending', …) or 'open' / 'closed'. */
  status: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,32}$/, 'Unknown status.')
    .optional(),
});
export type TApplicationsQuery = z.input<typeof ZApplicationsQuery>;

// ---------- Responses ----------

const paise = z.number().int();

export const ZClaimEvent = z.object({
  at: z.string(),
  kind: z.string(),
  /** Who wrote it: the client, an officer, or the system. */
  by: z.enum(['client', 'staff', 'system']),
  message: z.string(),
  images: z.array(z.string()),
});
export type TClaimEvent = z.infer<typeof ZClaimEvent>;

export const ZClaimView = z.object({
  id: z.string(),
  /** What the client quotes: CMP-2026-000123. */
  reference: z.string(),
  category: z.enum(COMPENSATION_CATEGORIES),
  status: z.enum(CLAIM_STATUSES),
  amount_claimed_paise: paise,
  /** What was approved (a partial approval is less than claimed); null before a decision. */
  amount_approved_paise: paise.nullable(),
  description: z.string(),
  related: z.object({ kind: z.enum(RELATED_KINDS), id: z.string(), label: z.string() }).nullable(),
  decision_due: z.string(),
  overdue: z.boolean(),
  reason: z.string().nullable(),
  approvals: z.number().int(),
  approvals_required: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  decided_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type TClaimView = z.infer<typeof ZClaimView>;

export const ZClaimDetail = ZClaimView.extend({
  /** Signed links to the evidence images, valid for 15 minutes. */
  evidence: z.array(z.string()),
  events: z.array(ZClaimEvent),
});
export type TClaimDetail = z.infer<typeof ZClaimDetail>;

export const ZClaimList = z.object({ items: z.array(ZClaimView) });
export type TClaimList = z.infer<typeof ZClaimList>;

export const ZConsoleClaim = ZClaimView.extend({
  client: z.object({ id: z.string(), uid: z.string(), name: z.string().nullable() }),
  /** Days since submitted, against the 21-day target. */
  age_days: z.number().int(),
  approved_by: z.array(z.string()),
});
export type TConsoleClaim = z.infer<typeof ZConsoleClaim>;

export const ZConsoleClaimDetail = ZConsoleClaim.extend({
  evidence: z.array(z.string()),
  events: z.array(ZClaimEvent),
  /** The client's other claims, newest first. */
  prior_claims: z.array(ZClaimView),
});
export type TConsoleClaimDetail = z.infer<typeof ZConsoleClaimDetail>;

export const ZOfferView = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  image_url: z.string().nullable(),
  kind: z.enum(OFFER_KINDS),
  bonus_kind: z.enum(BONUS_KINDS).nullable(),
  amount_paise: paise.nullable(),
  cashback_bps: z.number().int().nullable(),
  cashback_cap_paise: paise.nullable(),
  min_vip: z.number().int(),
  valid_from: z.string(),
  valid_until: z.string(),
  /** For the client: whether they may claim now, and their claim if they made one. */
  claimable: z.boolean(),
  claimed: z.object({ id: z.string(), amount_paise: paise, claimed_at: z.string() }).nullable(),
});
export type TOfferView = z.infer<typeof ZOfferView>;
export const ZOfferList = z.object({ items: z.array(ZOfferView) });
export type TOfferList = z.infer<typeof ZOfferList>;

export const ZOfferClaim = z.object({
  id: z.string(),
  offer_id: z.string(),
  offer_title: z.string(),
  amount_paise: paise,
  status: z.literal('credited'),
  claimed_at: z.string(),
});
export type TOfferClaim = z.infer<typeof ZOfferClaim>;

export const ZConsoleOffer = ZOfferView.omit({ claimable: true, claimed: true }).extend({
  status: z.enum(OFFER_STATUSES),
  budget_paise: paise.nullable(),
  budget_used_paise: paise,
  claims: z.number().int(),
  image: z.string().nullable(),
  updated_at: z.string(),
});
export type TConsoleOffer = z.infer<typeof ZConsoleOffer>;

export const ZConsoleOfferClaim = ZOfferClaim.extend({
  client: z.object({ id: z.string(), uid: z.string(), name: z.string().nullable() }),
});
export type TConsoleOfferClaim = z.infer<typeof ZConsoleOfferClaim>;

export const ZApplicationStep = z.object({ at: z.string(), label: z.string() });
export type TApplicationStep = z.infer<typeof ZApplicationStep>;

export const ZApplication = z.object({
  kind: z.enum(APPLICATION_KINDS),
  id: z.string(),
  title: z.string(),
  reference: z.string().nullable(),
  amount_paise: paise.nullable(),
  /** The kind's own status ('pending', 'under_review', …) and its label. */
  status: z.string(),
  status_label: z.string(),
  /** Still waiting on someone (the firm or the client), or closed. */
  open: z.boolean(),
  reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  timeline: z.array(ZApplicationStep),
});
export type TApplication = z.infer<typeof ZApplication>;
export const ZApplicationList = z.object({ items: z.array(ZApplication) });
export type TApplicationList = z.infer<typeof ZApplicationList>;
