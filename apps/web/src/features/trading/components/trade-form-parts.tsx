import { failureOf } from '../../../lib/api-client';
import { TM, TRADING_DONE, formatPaise, type TOrder } from '@sampada/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { closeGlobalDrawer, openSetPin } from '../../../lib/drawers';
import { OrderStatusBadge } from '../../../components/trading/order-status-badge';
import { sideLabel } from '../../../components/trading/trade-labels';
import { paths } from '../../../config/paths';
import { useAppSettings } from '../../../lib/app-settings';
import { isKycApproved, useProfile } from '../../../lib/auth';
import { MASKED, NO_VALUE } from '../../../lib/market/format';
import { assetsQueryOptions } from '../../../lib/funds';
import { translateMessage } from '../../../lib/i18n';
import { useTradingTranslation } from '../i18n';

/** A whole number of shares or lots typed in a field, or null while it is not one. */
export const wholeNumber = (value: string | number): number | null => {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= 1 ? n : null;
};

/** What stops a client from trading: KYC not approved, no PIN yet (then Set PIN). */
export function TradeGate() {
  const { t } = useTradingTranslation();
  const { data: profile } = useProfile();
  if (!profile) return null;
  return (
    <>
      {!isKycApproved(profile.kycStatus) && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="trade-kyc-required">
          {TM.kycRequired}
        </Alert>
      )}
      {!profile.has_pin && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="trade-no-pin">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{TM.setPinToTrade}</Text>
            <Button size="xs" onClick={openSetPin} data-testid="trade-set-pin">
              {t('pin.set')}
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}

/** Cash available (GET /stat/app/v1/asset), masked while amounts are hidden. */
export function CashAvailable() {
  const { t } = useTradingTranslation();
  const { showAssets } = useAppSettings();
  const { data } = useQuery(assetsQueryOptions());
  const available = data?.cash_available_paise;
  return (
    <Group justify="space-between">
      <Text c="dimmed" size="sm">
        {t('form.cash')}
      </Text>
      <Text fw={700} data-testid="trade-cash-available">
        {!showAssets ? MASKED : available === undefined ? NO_VALUE : formatPaise(available)}
      </Text>
    </Group>
  );
}

/** The message for a placed order, by its type (TRADING_DONE). */
export function placedMessage(order: TOrder): string {
  switch (order.type) {
    case 'institutional':
      return TRADING_DONE.requestPlaced;
    case 'otc':
      return TRADING_DONE.takePlaced;
    case 'ipo':
      return TRADING_DONE.bidPlaced;
    default:
      return order.status === 'filled' ? TRADING_DONE.orderFilled : TRADING_DONE.orderPlaced;
  }
}

/** The result step: what was placed, its status and hold, and where to follow it. */
export function TradeResult({ order, onAnother }: { order: TOrder; onAnother: () => void }) {
  const { t } = useTradingTranslation();
  const navigate = useNavigate();
  const price = order.average_price_paise ?? order.price_paise;
  const follow = () =>
    void closeGlobalDrawer().then(() =>
      navigate(order.status === 'awaiting' ? paths.portfolio.awaiting : paths.portfolio.history),
    );
  return (
    <Stack gap="md" data-testid="trade-result">
      <Alert color="teal" title={placedMessage(order)} data-testid="trade-result-message">
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {sideLabel(order.side)} {order.symbol}
            </Text>
            <OrderStatusBadge status={order.status} />
          </Group>
          <Text size="sm" data-testid="trade-result-detail">
            {order.lots !== null
              ? t('result.lots', { lots: order.lots, quantity: order.quantity })
              : t('result.quantity', { quantity: order.quantity })}
            {price !== null ? ` ${t('result.at', { price: formatPaise(price) })}` : ''}
          </Text>
          {order.hold_paise > 0 && (
            <Text size="sm" data-testid="trade-result-hold">
              {t('result.hold', { amount: formatPaise(order.hold_paise) })}
            </Text>
          )}
          {order.reason && (
            <Text size="sm" c="dimmed">
              {order.reason}
            </Text>
          )}
        </Stack>
      </Alert>
      <Group grow>
        <Button onClick={follow} data-testid="trade-result-view">
          {t('result.view')}
        </Button>
        <Button variant="light" onClick={onAnother} data-testid="trade-result-another">
          {t('result.another')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The server's refusal of the last attempt, word for word. */
export function TradeFailure({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid="trade-error">
      {translateMessage(failureOf(error))}
    </Alert>
  );
}
