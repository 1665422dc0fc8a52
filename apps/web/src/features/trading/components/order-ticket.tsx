import type { TOrderSide } from '@sampada/shared';
import { Alert, Group, Loader, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { LoadingButton } from '../../../components/loading-button';
import { PinField } from '../../../components/pin-field';
import { sideLabel } from '../../../components/trading/trade-labels';
import { openSetPin } from '../../../lib/drawers';
import { useTradingTranslation } from '../i18n';
import { OrderTicketCosts } from './order-ticket-costs';
import {
  OrderAvailable,
  OrderQuantityPriceFields,
  OrderSideTypeFields,
} from './order-ticket-fields';
import { OrderTicketHeader } from './order-ticket-header';
import { TradeFailure, TradeGate, TradeResult } from './trade-form-parts';
import { useOrderTicket } from './use-order-ticket';

/**
 * The order ticket opened from stock detail (Buy, Sell) or a holding (Sell): market or
 * limit, quantity, limit price, the live price, itemised charges and what goes on hold; for
 * a sell, the shares that can still be sold.
 */
export function OrderTicket({ symbol, side: initialSide }: { symbol: string; side: TOrderSide }) {
  const { t } = useTradingTranslation();
  const { profile, quote, schedule, holdings, placing, detail, sellable, form, figures } =
    useOrderTicket(symbol, initialSide);
  const { control, handleSubmit, resetField, clearErrors } = form;

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
  const { side, charges } = figures;

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

  return (
    <Stack gap="md" data-testid="order-ticket" data-symbol={symbol}>
      <TradeGate />
      <OrderTicketHeader detail={detail} />
      <form onSubmit={submit} noValidate aria-label={t('form.submit.order')}>
        <Stack gap="sm">
          <OrderSideTypeFields control={control} clearErrors={clearErrors} side={side} />
          <OrderAvailable side={side} sellable={holdings.data ? sellable : undefined} />
          <OrderQuantityPriceFields control={control} figures={figures} />
          <OrderTicketCosts figures={figures} chargesFailed={schedule.isError} />
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
