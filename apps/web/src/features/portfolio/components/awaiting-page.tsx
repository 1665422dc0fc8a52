import { M, TRADING_DONE, type TOrder, formatCount } from '@sampada/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { closeModal, openConfirm, openModal } from '../../../components/modals';
import { orderTypeLabel, sideLabel } from '../../../components/trading/trade-labels';
import { i18n } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/notify';
import { invalidateTrading } from '../../../lib/trading';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { cancelOrder } from '../api/cancel-order';
import { ordersQueryOptions } from '../api/get-orders';
import { usePortfolioTranslation } from '../i18n';
import { ModifyOrderForm } from './modify-order-form';
import { useMoney } from './money-parts';
import { OrderSummary } from './order-summary';
import { LoadMoreButton } from '../../../components/load-more-button';

const AWAITING = { view: 'awaiting' } as const;
const MODIFY_MODAL = 'modify-order';
/** Orders a client may modify while they wait (decision 017). */
const modifiable = (order: TOrder) =>
  ['limit', 'sl', 'sl_m'].includes(order.type) && order.filled_quantity === 0;
const openModify = (order: TOrder) =>
  openModal({
    id: MODIFY_MODAL,
    title: i18n.t('portfolio:modify.title', { symbol: order.symbol }),
    hold: true,
    children: <ModifyOrderForm order={order} onDone={() => closeModal(MODIFY_MODAL)} />,
  });

/** One waiting order: its summary, what it holds, and modify (when it may) and cancel. */
function AwaitingRow({
  order,
  cancelling,
  onCancel,
}: {
  order: TOrder;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`awaiting-row-${order.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <OrderSummary order={order} />
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          {order.hold_paise > 0 && (
            <>
              <Text size="xs" c="dimmed">
                {t('order.hold')}
              </Text>
              <Text size="sm" fw={600} data-testid={`awaiting-hold-${order.id}`}>
                {money(order.hold_paise)}
              </Text>
            </>
          )}
          {modifiable(order) && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => openModify(order)}
              data-testid={`awaiting-modify-${order.id}`}
            >
              {t('modify.open')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            loading={cancelling}
            onClick={onCancel}
            aria-label={t('awaiting.cancelLabel', { symbol: order.symbol })}
            data-testid={`awaiting-cancel-${order.id}`}
          >
            {t('awaiting.cancel')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * /portfolio/awaiting: orders still waiting to fill, for the desk or for allotment. Each can
 * be cancelled after a confirmation; the cancel carries an Idempotency-Key, the same one if
 * it is tried again.
 */
export function AwaitingPage() {
  const { t } = usePortfolioTranslation();
  const idempotency = useIdempotencyKey();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const query = useInfiniteQuery({
    ...ordersQueryOptions(AWAITING),
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) => page.items.length) ? 15_000 : false,
  });
  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];

  const cancel = async (order: TOrder) => {
    setCancelling(order.id);
    try {
      await cancelOrder(order.id, idempotency.keyFor({ cancel: order.id }));
      idempotency.done();
      toastSuccess(TRADING_DONE.orderCancelled);
      await invalidateTrading();
    } catch (error) {
      console.error('Cancel failed', error);
      toastError(isApiError(error) ? error : M.requestFailed);
    } finally {
      setCancelling(null);
    }
  };

  const confirmCancel = (order: TOrder) =>
    openConfirm({
      title: t('awaiting.cancelTitle'),
      message: t('awaiting.cancelText', {
        side: sideLabel(order.side),
        quantity: formatCount(order.quantity),
        symbol: order.symbol,
        type: orderTypeLabel(order.type),
      }),
      confirmLabel: t('awaiting.cancelConfirm'),
      cancelLabel: t('awaiting.cancelKeep'),
      danger: true,
      onConfirm: () => void cancel(order),
    });

  return (
    <Stack gap="sm" data-testid="portfolio-awaiting">
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={orders.length === 0}
        emptyText={t('awaiting.empty')}
        rows={3}
      >
        {orders.map((order) => (
          <AwaitingRow
            key={order.id}
            order={order}
            cancelling={cancelling === order.id}
            onCancel={() => confirmCancel(order)}
          />
        ))}
        <LoadMoreButton query={query} label={t('loadMore')} testId="awaiting-load-more" />
      </QueryState>
    </Stack>
  );
}
