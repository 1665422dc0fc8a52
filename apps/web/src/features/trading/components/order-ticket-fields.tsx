import { MIN_TRADE_PAISE, formatPaise, type TOrderSide, formatCount } from '@sampada/shared';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { AmountField } from '../../../components/form-fields';
import { sideLabel } from '../../../components/trading/trade-labels';
import { useTradingTranslation } from '../i18n';
import { hasLimit, hasTrigger, type TTicketType, type ticketFigures } from './order-ticket-rules';
import { CashAvailable } from './trade-form-parts';
import type { TOrderTicket, TTicketControl } from './use-order-ticket';

/** Buy or sell, and the order type; a change clears the errors that belonged to the other. */
export function OrderSideTypeFields({
  control,
  clearErrors,
  side,
}: {
  control: TTicketControl;
  clearErrors: TOrderTicket['form']['clearErrors'];
  side: TOrderSide;
}) {
  const { t } = useTradingTranslation();
  return (
    <>
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
    </>
  );
}

/** What the order can use: the cash for a buy, the shares still sellable for a sell. */
export function OrderAvailable({
  side,
  sellable,
}: {
  side: TOrderSide;
  /** Undefined until the holdings are read. */
  sellable: number | undefined;
}) {
  const { t } = useTradingTranslation();
  if (side === 'buy') return <CashAvailable />;
  return (
    <Group justify="space-between">
      <Text c="dimmed" size="sm">
        {t('form.sellable')}
      </Text>
      <Text fw={700} data-testid="order-available">
        {sellable !== undefined ? formatCount(sellable) : '—'}
      </Text>
    </Group>
  );
}

/** Quantity, then the trigger and limit prices the order type has. */
export function OrderQuantityPriceFields({
  control,
  figures: { side, type, tickPaise, band },
}: {
  control: TTicketControl;
  figures: ReturnType<typeof ticketFigures>;
}) {
  const { t } = useTradingTranslation();
  return (
    <>
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
    </>
  );
}
