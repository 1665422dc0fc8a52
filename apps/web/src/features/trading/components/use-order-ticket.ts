import { ZMarketOrderRequest, type TOrderRequest, type TOrderSide } from '@sampada/shared';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ZPinTyped } from '../../../components/pin-field';
import { useProfile } from '../../../lib/auth';
import { requestResolver } from '../../../lib/forms';
import { newerQuote, useLiveQuotes } from '../../../lib/market/live-quotes';
import { stockDetailQueryOptions } from '../../../lib/market/stock-detail';
import { assetsQueryOptions } from '../../../lib/funds';
import { holdingsQueryOptions, sellableQuantity } from '../../../lib/trading';
import { chargesQueryOptions } from '../api/get-charges';
import { usePlaceOrder } from '../api/place-order';
import {
  hasLimit,
  hasTrigger,
  ticketFigures,
  ticketProblems,
  type TTicketForm,
} from './order-ticket-rules';
import { wholeNumber } from './trade-form-parts';

/** The ticket's reads (live price, charges, holdings, cash), its form and its figures. */
export function useOrderTicket(symbol: string, initialSide: TOrderSide) {
  const { data: profile } = useProfile();
  const quote = useQuery(stockDetailQueryOptions(symbol));
  const live = useLiveQuotes([symbol]);
  const schedule = useQuery(chargesQueryOptions());
  const holdings = useQuery(holdingsQueryOptions());
  const cash = useQuery(assetsQueryOptions());
  const placing = usePlaceOrder();
  const detail = quote.data && newerQuote(quote.data, live[symbol]);
  const holding = holdings.data?.find((h) => h.symbol === symbol);
  const sellable = sellableQuantity(holding);
  const figuresOf = (values: TTicketForm) =>
    detail ? ticketFigures(detail, schedule.data, values) : null;
  const form = useForm({
    resolver: requestResolver(ZMarketOrderRequest.extend({ pin: ZPinTyped }), {
      toRequest: ({
        type,
        side,
        quantity,
        limit_price,
        trigger_price,
        pin,
      }: TTicketForm): TOrderRequest => ({
        type,
        symbol,
        side,
        quantity: wholeNumber(quantity) ?? quantity,
        ...(hasLimit(type) ? { limit_price: String(limit_price) } : {}),
        ...(hasTrigger(type) ? { trigger_price: String(trigger_price) } : {}),
        pin,
      }),
      checks: (values) => {
        const figures = figuresOf(values);
        return figures
          ? ticketProblems(figures, {
              available: cash.data?.cash_available_paise,
              sellable: holdings.data ? sellable : undefined,
            })
          : {};
      },
    }),
    defaultValues: {
      type: 'market',
      side: initialSide,
      quantity: '',
      limit_price: '',
      trigger_price: '',
      pin: '',
    } as TTicketForm,
  });
  const figures = figuresOf(form.watch());
  return { profile, quote, schedule, holdings, placing, detail, sellable, form, figures };
}

export type TOrderTicket = ReturnType<typeof useOrderTicket>;
export type TTicketControl = TOrderTicket['form']['control'];
