import {
  orderCost,
  MARKET_BUY_BUFFER_PCT,
  MIN_TRADE_PAISE,
  TM,
  ZMarketOrderRequest,
  formatPaise,
  rupeePrice,
  rupeesToPaise,
  type TChargeSchedule,
  type TOrderRequest,
  type TOrderSide,
  type TStockDetail,
} from '@sampada/shared';
import { Alert, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AmountField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { ChangeText } from '../../../components/market/change-text';
import { LivePrice } from '../../../components/market/live-price';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { ChargesTable } from '../../../components/trading/charges-table';
import { sideLabel } from '../../../components/trading/trade-labels';
import { useProfile } from '../../../lib/auth';
import { openSetPin } from '../../../lib/drawers';
import { requestResolver } from '../../../lib/forms';
import { newerQuote, useLiveQuotes } from '../../../lib/market/live-quotes';
import { stockDetailQueryOptions } from '../../../lib/market/stock-detail';
import { assetsQueryOptions } from '../../../lib/funds';
import { holdingsQueryOptions, sellableQuantity } from '../../../lib/trading';
import { chargesQueryOptions } from '../api/get-charges';
import { usePlaceOrder } from '../api/place-order';
import { useTradingTranslation } from '../i18n';
import {
  CashAvailable,
  TradeFailure,
  TradeGate,
  TradeResult,
  wholeNumber,
} from './trade-form-parts';

type TTicketType = 'market' | 'limit' | 'sl' | 'sl_m';
/** The types whose form has a limit price, and those with a trigger price. */
const hasLimit = (type: TTicketType) => type === 'limit' || type === 'sl';
const hasTrigger = (type: TTicketType) => type === 'sl' || type === 'sl_m';

const ZLimitPrice = rupeePrice(TM.priceRequired);
const ZTriggerPrice = rupeePrice(TM.triggerRequired);

interface TTicketForm {
  type: TTicketType;
  side: TOrderSide;
  quantity: string | number;
  limit_price: string | number;
  trigger_price: string | number;
  pin: string;
}

/** A ticket's figures for the values typed: price, value, charges, hold, tick and band. */
function ticketFigures(
  detail: TStockDetail,
  schedule: TChargeSchedule | undefined,
  { type, side, quantity, limit_price, trigger_price }: TTicketForm,
) {
  const lastPaise = rupeesToPaise(detail.price);
  const limit = hasLimit(type) ? ZLimitPrice.safeParse(limit_price) : null;
  const trigger = hasTrigger(type) ? ZTriggerPrice.safeParse(trigger_price) : null;
  const triggerPaise = trigger?.success ? trigger.data : null;
  // What the order is counted at, as the server does: the limit, else the trigger, else the last price.
  const pricePaise = hasLimit(type)
    ? limit?.success
      ? limit.data
      : null
    : type === 'sl_m'
      ? triggerPaise
      : lastPaise;
  const n = wholeNumber(quantity);
  const value = n && pricePaise ? BigInt(n) * pricePaise : 0n;
  // The server's own rule for charges and the hold (a market buy's value is at the last price).
  const cost = schedule
    ? orderCost(schedule, {
        side,
        valuePaise: value,
        marketLike: type === 'market' || type === 'sl_m',
      })
    : null;
  const charges = cost?.charges ?? null;
  const hold = cost?.hold ?? null;
  const tickPaise = rupeesToPaise(detail.tick_size);
  const band =
    detail.lower_band !== null && detail.upper_band !== null
      ? {
          lower: rupeesToPaise(detail.lower_band),
          upper: rupeesToPaise(detail.upper_band),
        }
      : null;
  return {
    type,
    side,
    n,
    pricePaise,
    triggerPaise,
    lastPaise,
    value,
    charges,
    hold,
    tickPaise,
    band,
  };
}

/**
 * The checks after the schema's: a limit price on the tick and inside the band; the minimum
 * order value, the shares held (`sellable`, once known) and the cash a buy puts on hold.
 */
function ticketProblems(
  figures: ReturnType<typeof ticketFigures>,
  { available, sellable }: { available: number | undefined; sellable: number | undefined },
) {
  const { type, side, n, pricePaise, triggerPaise, lastPaise, value, hold, tickPaise, band } =
    figures;
  let limit_price: string | null = null;
  if (hasLimit(type) && pricePaise) {
    if (tickPaise > 0n && pricePaise % tickPaise !== 0n)
      limit_price = TM.priceOffTick(formatPaise(tickPaise));
    else if (band && (pricePaise < band.lower || pricePaise > band.upper))
      limit_price = TM.priceOutsideBand(formatPaise(band.lower), formatPaise(band.upper));
  }
  // The stop checks the server makes (TM.sellTriggerAbove and the rest), before it is asked.
  let trigger_price: string | null = null;
  if (hasTrigger(type) && triggerPaise) {
    if (tickPaise > 0n && triggerPaise % tickPaise !== 0n)
      trigger_price = TM.triggerOffTick(formatPaise(tickPaise));
    else if (side === 'sell' && triggerPaise >= lastPaise)
      trigger_price = TM.sellTriggerAbove(formatPaise(lastPaise));
    else if (side === 'buy' && triggerPaise <= lastPaise)
      trigger_price = TM.buyTriggerBelow(formatPaise(lastPaise));
    else if (type === 'sl' && pricePaise && side === 'sell' && pricePaise > triggerPaise)
      limit_price ??= TM.sellLimitAboveTrigger;
    else if (type === 'sl' && pricePaise && side === 'buy' && pricePaise < triggerPaise)
      limit_price ??= TM.buyLimitBelowTrigger;
  }
  let quantity: string | null = null;
  if (n) {
    // The minimum applies to buys, and to sells except one that sells everything left.
    const wholeRest = side === 'sell' && n === sellable;
    if (pricePaise && value < MIN_TRADE_PAISE && !wholeRest) quantity = TM.belowMinimum;
    else if (side === 'sell' && sellable !== undefined && n > sellable)
      quantity = TM.insufficientHolding;
    else if (
      side === 'buy' &&
      hold !== null &&
      available !== undefined &&
      pricePaise &&
      hold > BigInt(available)
    )
      quantity = TM.insufficientCash;
  }
  return { limit_price, trigger_price, quantity };
}

/**
 * The order ticket opened from stock detail (Buy, Sell) or a holding (Sell): market or
 * limit, quantity, limit price, the live price, itemised charges and what goes on hold; for
 * a sell, the shares that can still be sold.
 */
export function OrderTicket({ symbol, side: initialSide }: { symbol: string; side: TOrderSide }) {
  const { t } = useTradingTranslation();
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
  const { control, handleSubmit, resetField, clearErrors, watch } = useForm({
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
  const figures = figuresOf(watch());

  if (placing.data) return <TradeResult order={placing.data} onAnother={placing.reset} />;
  if (quote.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  if (quote.isError || !detail || !figures)
    return (
      <Alert color="red" title={t('ticket.loadFailed')}>
        {quote.error?.message}
      </Alert>
    );
  const { type, side, value, charges, hold, tickPaise, band } = figures;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (placing.isPending || (profile && !profile.has_pin)) {
      event.preventDefault();
      if (!placing.isPending) openSetPin();
      return;
    }
    // Cleared after a refusal and after a success alike: the next order needs the PIN again.
    void handleSubmit((body) => placing.mutate(body, { onSettled: () => resetField('pin') }))(
      event,
    );
  };

  const after =
    side === 'buy'
      ? [
          {
            label: t('ticket.estimatedTotal'),
            paise: Number(value + BigInt(charges?.total_paise ?? 0)),
            testId: 'trade-total',
          },
          {
            label: t('form.payable'),
            paise: Number(hold ?? 0n),
            testId: 'order-hold',
            strong: true,
          },
        ]
      : [
          {
            label: t('form.receive'),
            paise: Number(value - BigInt(charges?.total_paise ?? 0)),
            testId: 'trade-total',
            strong: true,
          },
        ];

  return (
    <Stack gap="md" data-testid="order-ticket" data-symbol={symbol}>
      <TradeGate />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {detail.symbol}
          </Title>
          <Text size="xs" c="dimmed" truncate>
            {detail.name}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('ticket.livePrice')}
          </Text>
          <LivePrice price={detail.price} testId="order-live-price" />
          <ChangeText changePct={detail.change_pct} size="xs" />
        </Stack>
      </Group>
      {detail.session !== 'open' && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="order-session-note">
          {t('ticket.closed')}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={t('form.submit.order')}>
        <Stack gap="sm">
          <Controller
            control={control}
            name="side"
            render={({ field }) => (
              <SegmentedControl
                fullWidth
                aria-label={t('ticket.side')}
                value={field.value}
                onChange={(next) => {
                  field.onChange(next as TOrderSide);
                  clearErrors('quantity');
                }}
                color={side === 'buy' ? 'green.8' : 'red.8'}
                data={(['buy', 'sell'] as const).map((value) => ({
                  value,
                  label: sideLabel(value),
                }))}
                data-testid="order-side"
              />
            )}
          />
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <SegmentedControl
                fullWidth
                aria-label={t('ticket.type')}
                value={field.value}
                onChange={(next) => {
                  field.onChange(next as TTicketType);
                  clearErrors(['limit_price', 'trigger_price']);
                }}
                data={[
                  { value: 'market', label: t('ticket.market') },
                  { value: 'limit', label: t('ticket.limit') },
                  { value: 'sl', label: t('ticket.sl') },
                  { value: 'sl_m', label: t('ticket.slM') },
                ]}
                data-testid="order-type"
              />
            )}
          />
          {side === 'buy' ? (
            <CashAvailable />
          ) : (
            <Group justify="space-between">
              <Text c="dimmed" size="sm">
                {t('form.sellable')}
              </Text>
              <Text fw={700} data-testid="order-available">
                {holdings.data ? sellable.toLocaleString('en-IN') : '—'}
              </Text>
            </Group>
          )}
          <AmountField
            quantity
            control={control}
            name="quantity"
            label={t('form.quantity')}
            description={t(side === 'buy' ? 'form.minimumHint' : 'ticket.sellMinimumHint', {
              amount: formatPaise(MIN_TRADE_PAISE),
            })}
            data-testid="order-quantity"
          />
          {hasTrigger(type) && (
            <AmountField
              control={control}
              name="trigger_price"
              label={t('ticket.triggerPrice')}
              description={t('ticket.triggerHint', { tick: formatPaise(tickPaise) })}
              data-testid="order-trigger-price"
            />
          )}
          {hasLimit(type) && (
            <AmountField
              control={control}
              name="limit_price"
              label={t('ticket.limitPrice')}
              description={
                band
                  ? t('ticket.tickHint', {
                      tick: formatPaise(tickPaise),
                      band: `${formatPaise(band.lower)} – ${formatPaise(band.upper)}`,
                    })
                  : t('ticket.tickOnly', { tick: formatPaise(tickPaise) })
              }
              data-testid="order-limit-price"
            />
          )}
          {charges ? (
            <ChargesTable
              charges={charges}
              testIdPrefix="trade"
              totalLabel={t('form.totalCharges')}
              before={[
                { label: t('ticket.estimatedValue'), paise: Number(value), testId: 'trade-value' },
              ]}
              after={after}
            />
          ) : schedule.isError ? (
            <Alert color="red" data-testid="trade-charges-failed">
              {t('form.chargesFailed')}
            </Alert>
          ) : (
            <Loader size="xs" />
          )}
          {side === 'buy' && (type === 'market' || type === 'sl_m') && (
            <Text size="xs" c="dimmed">
              {t('ticket.marketHold', { pct: MARKET_BUY_BUFFER_PCT })}
            </Text>
          )}
          <PinField
            control={control}
            name="pin"
            label={t('pin.label')}
            disabled={!profile?.has_pin}
            testId="trade-pin"
          />
          <TradeFailure error={placing.error} />
          <LoadingButton
            type="submit"
            loading={placing.isPending}
            disabled={!charges}
            fullWidth
            color={side === 'buy' ? 'green.8' : 'red.8'}
            data-testid="trade-drawer-submit"
          >
            {sideLabel(side)} {symbol}
          </LoadingButton>
        </Stack>
      </form>
    </Stack>
  );
}
