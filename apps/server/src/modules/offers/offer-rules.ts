/** Reading an offer, its columns from the editor's input, and who may claim what. */
import { eq } from 'drizzle-orm';
import { OM, type TBonusKind, type TOfferKind, type TOfferStatus } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ClientRow } from '../clients/service.ts';
import { cashbackOf } from './cashback.ts';
import type { BrokeragePaid } from './offer-deps.ts';
import type { OfferRow } from './offer-views.ts';
import { offers } from './tables.ts';

export type OfferInput = {
  title: string;
  body: string;
  kind: TOfferKind;
  bonus_kind: TBonusKind | null;
  amount_paise: bigint | null;
  cashback_bps: number | null;
  cashback_cap_paise: bigint | null;
  budget_paise: bigint | null;
  min_vip: number;
  valid_from: string;
  valid_until: string;
  status: TOfferStatus;
};

export async function offerOf(executor: Executor, id: string) {
  const [row] = await executor.select().from(offers).where(eq(offers.id, id));
  if (!row) throw notFound(OM.offerNotFound);
  return row;
}

export function columnsOf(input: OfferInput) {
  const bonus = input.kind === 'bonus';
  return {
    title: input.title,
    body: input.body,
    kind: input.kind,
    bonusKind: bonus ? input.bonus_kind : null,
    amountPaise: bonus && input.bonus_kind === 'fixed' ? input.amount_paise : null,
    cashbackBps: bonus && input.bonus_kind === 'cashback' ? input.cashback_bps : null,
    cashbackCapPaise: bonus && input.bonus_kind === 'cashback' ? input.cashback_cap_paise : null,
    budgetPaise: bonus ? input.budget_paise : null,
    minVip: input.min_vip,
    validFrom: new Date(input.valid_from),
    validUntil: new Date(input.valid_until),
    status: input.status,
  };
}

/** Why a client may not claim an offer now, or null when they may (the budget aside). */
export function refusal(row: OfferRow, client: ClientRow, now: Date): string | null {
  if (row.kind !== 'bonus') return OM.notABonus;
  if (now < row.validFrom) return OM.notStarted;
  if (now >= row.validUntil) return OM.expired;
  if (client.vip < row.minVip) return OM.notForYou;
  return null;
}

/** What this client's bonus would be now: the fixed amount, or the cashback to its cap. */
export async function amountFor(
  brokerage: BrokeragePaid,
  row: OfferRow,
  clientId: string,
  now: Date,
): Promise<bigint> {
  if (row.bonusKind === 'fixed') return row.amountPaise!;
  const paid = await brokerage(clientId, row.validFrom, now);
  if (paid <= 0n) throw badRequest(OM.noBrokerage);
  const back = cashbackOf(paid, row.cashbackBps!, row.cashbackCapPaise!);
  // Brokerage was paid, but its share rounds down to nothing: say so, not "no brokerage".
  if (back <= 0n) throw badRequest(OM.cashbackUnderPaisa);
  return back;
}
