import {
  MIN_TRADE_PAISE,
  NO_CHARGES,
  TM,
  ZInstitutionalOrderRequest,
  ZIpoOrderRequest,
  ZOtcOrderRequest,
  computeCharges,
  parseRupeesToPaise,
  quantityForAmount,
  type TOffering,
  type TOrderRequest,
  type TOrderSide,
} from '@sampada/shared';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ZPinTyped } from '../../../components/pin-field';
import { useProfile } from '../../../lib/auth';
import { openSetPin } from '../../../lib/drawers';
import { requestResolver } from '../../../lib/forms';
import { assetsQueryOptions } from '../../../lib/funds';
import { holdingsQueryOptions, sellableQuantity } from '../../../lib/trading';
import { chargesQueryOptions } from '../api/get-charges';
import type { usePlaceOrder } from '../api/place-order';
import { wholeNumber } from './trade-form-parts';

/** What each kind of offering takes: the shared request, with the PIN as typed. */
const ORDER_FORMS = {
  institutional: ZInstitutionalOrderRequest.extend({ pin: ZPinTyped }),
  otc: ZOtcOrderRequest.extend({ pin: ZPinTyped }),
  ipo: ZIpoOrderRequest.extend({ pin: ZPinTyped }),
};

interface TDealForm {
  /** Shares (institutional, OTC) or lots (IPO), as typed. */
  quantity: string | number;
  lots: string | number;
  /** A buy's amount in rupees, turned into the shares it buys; never sent. */
  amount: string | number;
  pin: string;
}

/** The reads an order on an offering needs, and the value, charges and total of a count. */
function useDealCost(offering: TOffering) {
  const isIpo = offering.kind === 'ipo';
  const side: TOrderSide = offering.kind === 'otc' ? offering.side : 'buy';
  const schedule = useQuery({ ...chargesQueryOptions(), enabled: !isIpo });
  const cash = useQuery(assetsQueryOptions());
  const holdings = useQuery({ ...holdingsQueryOptions(), enabled: side === 'sell' });
  const unitPaise = BigInt(
    offering.kind === 'ipo' ? offering.price_high_paise * offering.lot_size : offering.price_paise,
  );
  /** The value, charges and total of a count of shares or lots. */
  const costOf = (n: number | null) => {
    const value = n ? BigInt(n) * unitPaise : 0n;
    const charges = isIpo
      ? NO_CHARGES
      : schedule.data
        ? computeCharges(schedule.data, side, value)
        : null;
    const total =
      charges &&
      (side === 'buy' ? value + BigInt(charges.total_paise) : value - BigInt(charges.total_paise));
    return { value, charges, total };
  };
  const sellable = sellableQuantity(holdings.data?.find((h) => h.symbol === offering.symbol));

  /** The checks after the schema's: minimum, caps, what remains, cash and shares. */
  function limitProblem(quantity: number): string | null {
    const { value, total } = costOf(quantity);
    if (value < MIN_TRADE_PAISE) return TM.belowMinimum;
    if (offering.kind === 'ipo') {
      if (quantity < offering.min_lots) return TM.belowMinimum;
      if (quantity > offering.max_lots) return TM.aboveRetailCap;
    } else if (quantity > offering.remaining) return TM.beyondOffering;
    if (side === 'sell' && holdings.data && quantity > sellable) return TM.insufficientHolding;
    const available = cash.data?.cash_available_paise;
    if (side === 'buy' && total !== null && available !== undefined && total > BigInt(available))
      return TM.insufficientCash;
    return null;
  }
  return { isIpo, side, schedule, holdings, unitPaise, costOf, sellable, limitProblem };
}

/** A buy's amount in rupees as the shares it buys, and whether those can be used. */
function affordableOf(offering: TOffering, amount: string | number, unitPaise: bigint) {
  const amountPaise = parseRupeesToPaise(amount);
  const affordable =
    amountPaise.ok && offering.kind !== 'ipo'
      ? Math.min(Number(quantityForAmount(amountPaise.paise, unitPaise)), offering.remaining)
      : null;
  // One rule for the minimum (TM.belowMinimum, as the form's own check says it): an amount
  // that buys less than the minimum order gets that message, and no "Use" button to press.
  const belowMinimum =
    affordable !== null && affordable > 0 && BigInt(affordable) * unitPaise < MIN_TRADE_PAISE;
  const usable = affordable !== null && affordable > 0 && !belowMinimum;
  return { affordable, belowMinimum, usable };
}

/**
 * The order form for one offering: the count typed, its live cost, the checks the server also
 * makes, and the submit that asks for a PIN first when there is none.
 */
export function useDealOrder(offering: TOffering, placing: ReturnType<typeof usePlaceOrder>) {
  const { data: profile } = useProfile();
  const cost = useDealCost(offering);
  const { isIpo, unitPaise, costOf, limitProblem } = cost;
  const field = isIpo ? 'lots' : 'quantity';
  const open = offering.status === 'open';

  const form = useForm({
    resolver: requestResolver(ORDER_FORMS[offering.kind], {
      toRequest: ({ quantity, lots, pin }: TDealForm): TOrderRequest =>
        offering.kind === 'ipo'
          ? { type: 'ipo', offering_id: offering.id, lots: wholeNumber(lots) ?? lots, pin }
          : {
              type: offering.kind,
              offering_id: offering.id,
              quantity: wholeNumber(quantity) ?? quantity,
              pin,
            },
      checks: (values) => {
        const n = wholeNumber(values[field]);
        return { [field]: n && limitProblem(n) };
      },
    }),
    defaultValues: { quantity: '', lots: '', amount: '', pin: '' } as TDealForm,
  });
  const { handleSubmit, resetField, watch, formState } = form;
  const count = watch(field);
  const amount = watch('amount');
  const n = wholeNumber(count);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (placing.isPending || !open || (profile && !profile.has_pin)) {
      event.preventDefault();
      if (open && profile && !profile.has_pin) openSetPin();
      return;
    }
    void handleSubmit((body) => placing.mutate(body, { onError: () => resetField('pin') }))(event);
  };

  const offeringError = (formState.errors as { offering_id?: { message?: string } }).offering_id;
  return {
    ...cost,
    profile,
    open,
    form,
    n,
    ...costOf(n),
    ...affordableOf(offering, amount, unitPaise),
    submit,
    offeringError,
  };
}

export type TDealOrder = ReturnType<typeof useDealOrder>;
