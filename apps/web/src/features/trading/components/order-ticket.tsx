import {
  MARKET_BUY_BUFFER_PCT,
  MIN_TRADE_PAISE,
  TM,
  ZOrderRequest,
  buyCost,
  computeCharges,
  formatPaise,
  marketBuyHoldValue,
  md5,
  rupeePrice,
  rupeesToPaise,
  type TOrderRequest,
  type TOrderSide,
} from '@sampada/shared';
import { Alert, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AmountInput, QuantityInput } from '../../../components/amount-input';
import { LoadingButton } from '../../../components/loading-button';
import { ChangeText } from '../../../components/market/change-text';
import { LivePrice } from '../../../components/market/live-price';
import { PinField, pinError } from '../../../components/pin-field';
import { openSetPin } from '../../../components/set-pin';
import { ChargesTable } from '../../../components/trading/charges-table';
import { sideLabel } from '../../../components/trading/trade-labels';
import { useProfile } from '../../../lib/auth';
import { newerQuote, useLiveQuotes } from '../../../lib/market/live-quotes';
import { fieldErrors } from '../../../lib/money';
import { cashQueryOptions, holdingsQueryOptions, sellableQuantity } from '../../../lib/trading';
import { chargesQueryOptions } from '../api/get-charges';
import { stockQuoteQueryOptions } from '../api/get-stock-quote';
import { useTradingTranslation } from '../i18n';
import {
  CashAvailable,
  TradeFailure,
  TradeGate,
  TradeResult,
  wholeNumber,
} from './trade-form-parts';
import { usePlaceOrder } from './use-place-order';

type TTicketType = 'market' | 'limit';

const ZLimitPrice = rupeePrice(TM.priceRequired);

/**
 * The order ticket opened from stock detail (Buy, Sell) or a holding (Sell): market or
 * limit, quantity, limit price, the live price, itemised charges and what goes on hold; for
 * a sell, the shares that can still be sold.
 */
export function OrderTicket({ symbol, side: initialSide }: { symbol: string; side: TOrderSide }) {
  const { t } = useTradingTranslation();
  const { data: profile } = useProfile();
  const quote = useQuery(stockQuoteQueryOptions(symbol));
  const live = useLiveQuotes([symbol]);
  const schedule = useQuery(chargesQueryOptions());
  const holdings = useQuery(holdingsQueryOptions());
  const cash = useQuery(cashQueryOptions());
  const placing = usePlaceOrder();
  const [side, setSide] = useState<TOrderSide>(initialSide);
  const [type, setType] = useState<TTicketType>('market');
  const [quantity, setQuantity] = useState<string | number>('');
  const [limitPrice, setLimitPrice] = useState<string | number>('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (placing.result) return <TradeResult order={placing.result} onAnother={placing.reset} />;
  if (quote.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  if (quote.isError)
    return (
      <Alert color="red" title={t('ticket.loadFailed')}>
        {quote.error.message}
      </Alert>
    );

  const detail = newerQuote(quote.data, live[symbol]);
  const lastPaise = rupeesToPaise(detail.price);
  const limit = type === 'limit' ? ZLimitPrice.safeParse(limitPrice) : null;
  const pricePaise = type === 'limit' ? (limit?.success ? limit.data : null) : lastPaise;
  const n = wholeNumber(quantity);
  const value = n && pricePaise ? BigInt(n) * pricePaise : 0n;
  const charges = schedule.data ? computeCharges(schedule.data, side, value) : null;
  const holdValue =
    side === 'buy' && type === 'market' && n ? marketBuyHoldValue(BigInt(n) * lastPaise) : value;
  const hold = schedule.data ? buyCost(schedule.data, holdValue) : null;
  const holding = holdings.data?.find((h) => h.symbol === symbol);
  const sellable = sellableQuantity(holding);
  const tickPaise = rupeesToPaise(detail.tick_size);
  const band =
    detail.lower_band !== null && detail.upper_band !== null
      ? {
          lower: rupeesToPaise(detail.lower_band),
          upper: rupeesToPaise(detail.upper_band),
        }
      : null;

  const clear = (key: string) => setErrors((current) => ({ ...current, [key]: '' }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (placing.busy) return;
    if (profile && !profile.has_pin) {
      openSetPin();
      return;
    }
    const body: TOrderRequest = {
      type,
      symbol,
      side,
      quantity: n ?? quantity,
      ...(type === 'limit' ? { limit_price: String(limitPrice) } : {}),
      pin,
    };
    const parsed = ZOrderRequest.safeParse({ ...body, pin: md5(pin) });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    if (pinError(pin)) next.pin = t('form.pinInvalid');
    if (!next.limit_price && type === 'limit' && pricePaise) {
      if (tickPaise > 0n && pricePaise % tickPaise !== 0n)
        next.limit_price = TM.priceOffTick(formatPaise(tickPaise));
      else if (band && (pricePaise < band.lower || pricePaise > band.upper))
        next.limit_price = TM.priceOutsideBand(formatPaise(band.lower), formatPaise(band.upper));
    }
    if (!next.quantity && n) {
      const available = cash.data?.cash_available_paise;
      // The minimum applies to buys, and to sells except one that sells everything left.
      const wholeRest = side === 'sell' && holdings.data !== undefined && n === sellable;
      if (pricePaise && value < MIN_TRADE_PAISE && !wholeRest) next.quantity = TM.belowMinimum;
      else if (side === 'sell' && holdings.data && n > sellable)
        next.quantity = TM.insufficientHolding;
      else if (
        side === 'buy' &&
        hold !== null &&
        available !== undefined &&
        pricePaise &&
        hold > BigInt(available)
      )
        next.quantity = TM.insufficientCash;
    }
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    // Cleared after a refusal and after a success alike: the next order needs the PIN again.
    await placing.submit(body);
    setPin('');
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
          <SegmentedControl
            fullWidth
            aria-label={t('ticket.side')}
            value={side}
            onChange={(next) => {
              setSide(next as TOrderSide);
              clear('quantity');
            }}
            color={side === 'buy' ? 'green.8' : 'red.8'}
            data={(['buy', 'sell'] as const).map((value) => ({ value, label: sideLabel(value) }))}
            data-testid="order-side"
          />
          <SegmentedControl
            fullWidth
            aria-label={t('ticket.type')}
            value={type}
            onChange={(next) => {
              setType(next as TTicketType);
              clear('limit_price');
            }}
            data={[
              { value: 'market', label: t('ticket.market') },
              { value: 'limit', label: t('ticket.limit') },
            ]}
            data-testid="order-type"
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
          <QuantityInput
            label={t('form.quantity')}
            description={t(side === 'buy' ? 'form.minimumHint' : 'ticket.sellMinimumHint', {
              amount: formatPaise(MIN_TRADE_PAISE),
            })}
            value={quantity}
            onChange={(next) => {
              setQuantity(next);
              clear('quantity');
            }}
            error={errors.quantity || undefined}
            data-testid="order-quantity"
          />
          {type === 'limit' && (
            <AmountInput
              label={t('ticket.limitPrice')}
              description={
                band
                  ? t('ticket.tickHint', {
                      tick: formatPaise(tickPaise),
                      band: `${formatPaise(band.lower)} – ${formatPaise(band.upper)}`,
                    })
                  : t('ticket.tickOnly', { tick: formatPaise(tickPaise) })
              }
              value={limitPrice}
              onChange={(next) => {
                setLimitPrice(next);
                clear('limit_price');
              }}
              error={errors.limit_price || undefined}
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
          {side === 'buy' && type === 'market' && (
            <Text size="xs" c="dimmed">
              {t('ticket.marketHold', { pct: MARKET_BUY_BUFFER_PCT })}
            </Text>
          )}
          <PinField
            label={t('form.pin')}
            value={pin}
            onChange={(next) => {
              setPin(next);
              clear('pin');
            }}
            error={errors.pin}
            disabled={!profile?.has_pin}
            testId="trade-pin"
          />
          <TradeFailure message={placing.failure} />
          <LoadingButton
            type="submit"
            loading={placing.busy}
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
