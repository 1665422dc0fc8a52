import {
  OM,
  type TConsoleOffer,
  type TOfferInput,
  ZOfferInput,
  daysInMs,
  istLocalInput,
  istLocalToInstant,
} from '@sampada/shared';

/** What the editor's fields hold: rupees and percentages as typed, validity as instants (read in IST). */
export type TOfferDraft = {
  title: string;
  body: string;
  kind: 'info' | 'bonus';
  bonus_kind: 'fixed' | 'cashback';
  amount: string;
  cashback_percent: string;
  cap: string;
  budget: string;
  min_vip: number;
  valid_from: string;
  valid_until: string;
  status: 'draft' | 'published' | 'withdrawn';
};

/** The draft fields a refusal can point at. */
export type TOfferField = 'title' | 'body' | 'amount' | 'cashback' | 'budget' | 'valid_until';
export type TOfferFieldErrors = Partial<Record<TOfferField, string>>;

const rupees = (paise: number | null) => (paise === null ? '' : String(paise / 100));
/** An instant to the minute: what the IST date-and-time field shows and gives back. */
const toMinute = (iso: string) => istLocalToInstant(istLocalInput(iso));

export function draftOf(offer: TConsoleOffer | null, now = Date.now()): TOfferDraft {
  return {
    title: offer?.title ?? '',
    body: offer?.body ?? '',
    kind: offer?.kind ?? 'bonus',
    bonus_kind: offer?.bonus_kind ?? 'fixed',
    amount: rupees(offer?.amount_paise ?? null),
    cashback_percent: offer?.cashback_bps ? String(offer.cashback_bps / 100) : '',
    cap: rupees(offer?.cashback_cap_paise ?? null),
    budget: rupees(offer?.budget_paise ?? null),
    min_vip: offer?.min_vip ?? 0,
    valid_from: toMinute(offer?.valid_from ?? new Date(now).toISOString()),
    valid_until: toMinute(offer?.valid_until ?? new Date(now + daysInMs(30)).toISOString()),
    status: offer?.status ?? 'draft',
  };
}

/** Rupees as typed go to the API as text (decision 062); empty is null, so the schema names what is missing. */
const rupeeTextOf = (text: string) => (text.trim() === '' ? null : text.trim());
/** '' for a date not yet whole, so the shared schema answers its own message. */
const isoOf = (instant: string) => {
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
};

export function toInput(d: TOfferDraft): TOfferInput {
  const bonus = d.kind === 'bonus';
  const cashback = bonus && d.bonus_kind === 'cashback';
  return {
    title: d.title,
    body: d.body,
    kind: d.kind,
    bonus_kind: bonus ? d.bonus_kind : null,
    amount: bonus && d.bonus_kind === 'fixed' ? rupeeTextOf(d.amount) : null,
    // 12.5 % → 1,250 basis points; an unreadable figure fails the schema's whole-number rule.
    cashback_bps: cashback ? Math.round(Number(d.cashback_percent || NaN) * 100) : null,
    cashback_cap: cashback ? rupeeTextOf(d.cap) : null,
    budget: bonus ? rupeeTextOf(d.budget) : null,
    min_vip: d.min_vip,
    valid_from: isoOf(d.valid_from),
    valid_until: isoOf(d.valid_until),
    status: d.status,
  };
}

const FIELD_OF: Record<string, TOfferField> = {
  title: 'title',
  body: 'body',
  amount: 'amount',
  cashback_bps: 'cashback',
  cashback_cap: 'cashback',
  budget: 'budget',
  valid_from: 'valid_until',
  valid_until: 'valid_until',
};

/**
 * The shared schema's verdict on the draft, field by field (the first message of each), so
 * the editor says what the server would before asking it. Empty when the draft may be sent.
 */
export function checkDraft(draft: TOfferDraft): TOfferFieldErrors {
  const parsed = ZOfferInput.safeParse(toInput(draft));
  if (parsed.success) return {};
  const errors: TOfferFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (!field || errors[field]) continue;
    // The rate's range and whole-number rules carry zod's words; the spec's sentence says both.
    errors[field] = field === 'cashback' ? OM.cashbackInvalid : issue.message;
  }
  // The schema's cross-field rules wait for every field to parse; the dates are said at once.
  const input = toInput(draft);
  if (!errors.valid_until && Date.parse(input.valid_until) <= Date.parse(input.valid_from))
    errors.valid_until = OM.validityInvalid;
  return errors;
}
