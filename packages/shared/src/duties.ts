/**
 * A broker's duties to its clients (issue 36, decision 031): outgoing mail, the client's
 * verified e-mail address, nominees, and grievances. One schema for the form and the server.
 */
import { z } from 'zod';
import { ZPinRequest, requiredText } from './schemas.ts';

// ---------- Mail outbox (console) ----------

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];

export const ZOutboxQuery = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ZOutboxMessage = z.object({
  id: z.string(),
  purpose: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  attachments: z.array(z.string()),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** Not delivered 24 hours after it was written (a contract note is then late). */
  overdue: z.boolean(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/**
 * Messages whose text carries a one-time secret (an e-mail verification code): the console
 * never shows their body, so no officer can use a client's code.
 */
export const MAIL_SECRET_PURPOSES: readonly string[] = ['email.verify'];
export const MAIL_BODY_WITHHELD = 'This message holds a one-time code; its text is not shown.';

/** One message as operations read it: its text, unless it holds a secret. */
export const ZOutboxMessageBody = z.object({
  id: z.string(),
  purpose: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string().nullable(),
  withheld: z.string().nullable(),
  attachments: z.array(z.string()),
});
export type TOutboxMessageBody = z.infer<typeof ZOutboxMessageBody>;

export const ZOutbox = z.object({
  counts: z.record(z.enum(MAIL_STATUSES), z.number()),
  transport: z.enum(['smtp', 'files']),
  items: z.array(ZOutboxMessage),
});
export type TOutbox = z.infer<typeof ZOutbox>;

// ---------- The client's e-mail address ----------

export const EMAIL_MSG = {
  addressRequired: 'Enter your e-mail address.',
  addressInvalid: 'Enter a valid e-mail address.',
  codeRequired: 'Enter the 6-digit code we e-mailed you.',
  codeInvalid: 'The code is 6 digits.',
  codeWrong: (left: number) =>
    `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  codeExpired: 'That code has expired. Ask for a new one.',
  codeSpent: 'Too many wrong codes. Ask for a new one.',
  noPending: 'Ask for a code first.',
  pinNeeded: 'Enter your PIN to change your e-mail address.',
  sameAddress: 'That is already your verified e-mail address.',
  tooManyCodes: 'Five codes were sent in the last hour. Try again later.',
  codeSent: 'We e-mailed you a 6-digit code. It works for 15 minutes.',
  verified: 'Your e-mail address is verified.',
} as const;

export const ZEmailAddress = requiredText(EMAIL_MSG.addressRequired)
  .max(254, EMAIL_MSG.addressInvalid)
  .toLowerCase()
  .pipe(z.email(EMAIL_MSG.addressInvalid));

/** The PIN is needed only to replace a verified address (the server says so if missing). */
export const ZEmailStartRequest = z.object({
  address: ZEmailAddress,
  pin: ZPinRequest.shape.pin.optional(),
});
export type TEmailStartRequest = z.input<typeof ZEmailStartRequest>;

export const ZEmailVerifyRequest = z.object({
  code: requiredText(EMAIL_MSG.codeRequired).regex(/^\d{6}$/, EMAIL_MSG.codeInvalid),
});

export const ZEmailState = z.object({
  address: z.string().nullable(),
  verified_at: z.string().nullable(),
  pending: z.object({ address: z.string(), expires_at: z.string() }).nullable(),
});
export type TEmailState = z.infer<typeof ZEmailState>;

// ---------- Nominees (SEBI nomination rules from 1 Mar 2025) ----------

export const NOMINEES_MAX = 10;
export const NOMINEE_RELATIONSHIPS = [
  'spouse',
  'son',
  'daughter',
  'father',
  'mother',
  'brother',
  'sister',
  'other',
] as const;

export const NOMINEE_MSG = {
  nameRequired: 'Enter the nominee’s name.',
  relationshipRequired: 'Choose how the nominee is related to you.',
  dobInvalid: 'Enter the date of birth as YYYY-MM-DD.',
  idRequired: 'Enter the nominee’s ID number (PAN, Aadhaar or passport).',
  addressRequired: 'Enter the nominee’s address.',
  shareInvalid: 'A share is a percentage above 0 and at most 100, with at most 2 decimals.',
  tooMany: `You can name at most ${NOMINEES_MAX} nominees.`,
  none: 'Name at least one nominee, or opt out.',
  sumNot100: (sum: string) => `The nominees’ shares must add up to 100%; they add up to ${sum}%.`,
  guardianNeeded: (name: string) => `${name} is a minor: name a guardian.`,
  declarationNeeded: 'Confirm the declaration to opt out of nomination.',
  pinNeeded: 'Enter your PIN to change your nominees.',
} as const;

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, NOMINEE_MSG.dobInvalid);

/** Shares in hundredths of a percent, so that 33.33 + 33.33 + 33.34 adds up exactly. */
export const shareHundredths = (pct: number) => Math.round(pct * 100);

export const ZNominee = z.object({
  name: requiredText(NOMINEE_MSG.nameRequired).max(120),
  relationship: z.enum(NOMINEE_RELATIONSHIPS, { error: NOMINEE_MSG.relationshipRequired }),
  dob: ZDate,
  id_number: requiredText(NOMINEE_MSG.idRequired).min(4, NOMINEE_MSG.idRequired).max(20),
  address: requiredText(NOMINEE_MSG.addressRequired).max(300),
  share_pct: z
    .number({ error: NOMINEE_MSG.shareInvalid })
    .gt(0, NOMINEE_MSG.shareInvalid)
    .max(100, NOMINEE_MSG.shareInvalid)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, NOMINEE_MSG.shareInvalid),
  guardian: z
    .object({
      name: requiredText(NOMINEE_MSG.nameRequired).max(120),
      relationship: requiredText(NOMINEE_MSG.relationshipRequired).max(40),
    })
    .nullable()
    .default(null),
});
export type TNominee = z.input<typeof ZNominee>;

export const ZNomineesRequest = ZPinRequest.extend({
  nominees: z.array(ZNominee).min(1, NOMINEE_MSG.none).max(NOMINEES_MAX, NOMINEE_MSG.tooMany),
}).superRefine((value, ctx) => {
  const sum = value.nominees.reduce((s, n) => s + shareHundredths(n.share_pct), 0);
  if (sum !== 10_000)
    ctx.addIssue({
      code: 'custom',
      path: ['nominees'],
      message: NOMINEE_MSG.sumNot100((sum / 100).toFixed(2)),
    });
});
export type TNomineesRequest = z.input<typeof ZNomineesRequest>;

export const ZNomineeOptOutRequest = ZPinRequest.extend({
  declaration: z.literal(true, { error: NOMINEE_MSG.declarationNeeded }),
});

export const ZNomineeView = z.object({
  name: z.string(),
  relationship: z.string(),
  dob: z.string(),
  id_number: z.string(),
  address: z.string(),
  share_pct: z.number(),
  guardian: z.object({ name: z.string(), relationship: z.string() }).nullable(),
});
export const ZNominees = z.object({
  status: z.enum(['none', 'nominated', 'opted_out']),
  nominees: z.array(ZNomineeView),
  updated_at: z.string().nullable(),
  /** Home shows the nominee reminder: the client has neither nominees nor an opt-out. */
  remind_on_home: z.boolean(),
});
export type TNominees = z.infer<typeof ZNominees>;

// ---------- Grievances (investor charter; 21 days, then SCORES) ----------

export const GRIEVANCE_DAYS = 21;
export const GRIEVANCE_CATEGORIES = [
  'account',
  'trading',
  'funds',
  'contract_note',
  'service',
  'other',
] as const;
export const GRIEVANCE_STATUSES = ['open', 'resolved'] as const;

export const GRIEVANCE_MSG = {
  categoryRequired: 'Choose what the complaint is about.',
  subjectRequired: 'Give the complaint a subject.',
  descriptionRequired: 'Describe the complaint.',
  resolutionRequired: 'Say how the complaint was resolved.',
  notFound: 'No such complaint.',
  alreadyResolved: 'This complaint is already resolved.',
  filed: 'Your complaint is registered. We answer within 21 days.',
} as const;

export const ZGrievanceRequest = z.object({
  category: z.enum(GRIEVANCE_CATEGORIES, { error: GRIEVANCE_MSG.categoryRequired }),
  subject: requiredText(GRIEVANCE_MSG.subjectRequired).max(120),
  description: requiredText(GRIEVANCE_MSG.descriptionRequired).max(2000),
});
export type TGrievanceRequest = z.input<typeof ZGrievanceRequest>;

export const ZGrievance = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.enum(['complaint', 'compensation_claim']),
  category: z.string(),
  subject: z.string(),
  status: z.string(),
  filed_at: z.string(),
  due_date: z.string(),
  overdue: z.boolean(),
  resolution: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type TGrievance = z.infer<typeof ZGrievance>;

/** The console's row: whose complaint, and what it says (staff read it before resolving). */
export const ZConsoleGrievance = ZGrievance.extend({
  client_id: z.string(),
  client_uid: z.string(),
  client_name: z.string().nullable(),
  description: z.string(),
});
export type TConsoleGrievance = z.infer<typeof ZConsoleGrievance>;

export const ZGrievanceQueueQuery = z.object({
  status: z.enum(GRIEVANCE_STATUSES).optional(),
});
export const ZGrievanceResolve = z.object({
  resolution: requiredText(GRIEVANCE_MSG.resolutionRequired).max(2000),
});

// ---------- The investor charter (what SEBI requires a stockbroker to display) ----------

export const ZInvestorCharter = z.object({
  vision: z.string(),
  services: z.array(z.string()),
  rights: z.array(z.string()),
  timelines: z.array(z.object({ activity: z.string(), timeline: z.string() })),
  dos: z.array(z.string()),
  donts: z.array(z.string()),
  escalation: z.array(
    z.object({ level: z.string(), who: z.string(), contact: z.string(), within: z.string() }),
  ),
});
export type TInvestorCharter = z.infer<typeof ZInvestorCharter>;

export const INVESTOR_CHARTER: TInvestorCharter = {
  vision:
    'To follow the highest standards of ethics and compliance while serving investors, and to ' +
    'give every client fair, transparent and timely service.',
  services: [
    'Execution of trades on behalf of investors.',
    'Issue of contract notes within 24 hours of each trade.',
    'Statements of funds and securities, and settlement of the running account.',
    'Redressal of investor grievances.',
  ],
  rights: [
    'Receive a copy of the account opening documents and the Rights and Obligations document.',
    'Receive contract notes, statements and confirmations by e-mail and in the app.',
    'Receive funds and securities on time, and have idle funds paid out at each settlement.',
    'Name up to ten nominees, or declare that you opt out.',
    'File a complaint and have it resolved within 21 days; escalate to SEBI SCORES and SMART ODR.',
  ],
  timelines: [
    { activity: 'KYC and account opening', timeline: 'Within 7 days of complete documents' },
    { activity: 'Contract note', timeline: 'Within 24 hours of the trade' },
    { activity: 'Pay-out of funds and securities', timeline: 'Within 1 working day of pay-out' },
    { activity: 'Running-account settlement', timeline: 'First Friday of the quarter (or month)' },
    { activity: 'Resolution of a complaint', timeline: 'Within 21 calendar days' },
  ],
  dos: [
    'Read the risk disclosure document before you trade.',
    'Check every contract note and statement, and tell us at once of anything you do not recognise.',
    'Keep your e-mail address and mobile number up to date, and verify them.',
    'Pay only into the firm’s bank accounts shown in the app.',
  ],
  donts: [
    'Do not share your password, PIN or OTP with anyone, staff included.',
    'Do not trade on tips or promises of assured returns.',
    'Do not leave funds or securities idle with the broker beyond what you need.',
  ],
  escalation: [
    {
      level: '1',
      who: 'Customer support',
      contact: 'Chat in the app, or support@sampada.in',
      within: '21 days',
    },
    {
      level: '2',
      who: 'Compliance officer',
      contact: 'compliance@sampada.in',
      within: 'If support did not resolve it',
    },
    {
      level: '3',
      who: 'SEBI SCORES',
      contact: 'https://scores.sebi.gov.in',
      within: 'After 21 days, or if not satisfied',
    },
    {
      level: '4',
      who: 'SMART ODR (online dispute resolution)',
      contact: 'https://smartodr.in',
      within: 'If SCORES did not resolve it',
    },
  ],
};

// ---------- Contract notes by e-mail (console) ----------

export const ZNoteDeliveryQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the trade date as YYYY-MM-DD.'),
});

export const ZNoteDeliveryRun = z.object({
  date: z.string(),
  counts: z.object({
    sent: z.number(),
    queued: z.number(),
    failed: z.number(),
    skipped: z.number(),
    retried: z.number(),
  }),
  items: z.array(
    z.object({
      client_id: z.string(),
      /** Whose notes: operations follow up a skipped or failed one by the client's UID. */
      client_uid: z.string(),
      client_name: z.string().nullable(),
      /** The message carrying the notes (null when skipped): a failed one is requeued by it. */
      mail_id: z.string().nullable(),
      to: z.string().nullable(),
      notes: z.number(),
      skipped_reason: z.string().nullable(),
      status: z.enum([...MAIL_STATUSES, 'skipped']),
      attempts: z.number(),
      last_error: z.string().nullable(),
      sent_at: z.string().nullable(),
      /** Not delivered within 24 hours of being written (or never sendable). */
      overdue: z.boolean(),
    }),
  ),
});
export type TNoteDeliveryRun = z.infer<typeof ZNoteDeliveryRun>;

// ---------- Statements (decision 039) ----------

/** The statement of securities as a file: holdings as at now (IST). */
export const ZHoldingsStatementQuery = z.object({
  format: z.enum(['csv', 'pdf'], { error: 'Choose csv or pdf.' }).default('pdf'),
});
