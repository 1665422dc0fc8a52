import { formatPaise, type TOrder, formatCount } from '@sampada/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { OrderStatusBadge } from '../../../components/trading/order-status-badge';
import { orderTypeLabel, sideLabel } from '../../../components/trading/trade-labels';
import { formatDateTime, formatIstDateTime } from '../../../lib/money';
import { usePlacedBy } from '../../../lib/placed-by';
import { usePortfolioTranslation } from '../i18n';

/** What an order is: side, stock, type, status, size, price and when; shared by both lists. */
export function OrderSummary({
  order,
  showFilled = false,
}: {
  order: TOrder;
  showFilled?: boolean;
}) {
  const { t } = usePortfolioTranslation();
  const placedBy = usePlacedBy(order);
  const size =
    order.lots !== null
      ? t('order.lots', { lots: order.lots, quantity: formatCount(order.quantity) })
      : t('order.quantity', { quantity: formatCount(order.quantity) });
  const price =
    order.price_paise === null
      ? t('order.market')
      : t('order.at', { price: formatPaise(order.price_paise) });
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="wrap">
        <Text
          fw={700}
          size="sm"
          c={order.side === 'buy' ? 'var(--sampada-up)' : 'var(--sampada-down)'}
        >
          {sideLabel(order.side)}
        </Text>
        <Text fw={700} size="sm">
          {order.symbol}
        </Text>
        <Badge size="xs" variant="outline" color="gray">
          {orderTypeLabel(order.type)}
        </Badge>
        <OrderStatusBadge status={order.status} />
        {order.origin && (
          <Badge size="xs" variant="light" color="indigo" data-testid="order-origin">
            {order.origin === 'api'
              ? placedBy
                ? t('order.viaApp', { app: placedBy.app_name })
                : t('order.viaApi')
              : order.origin === 'gtt'
                ? t('order.viaGtt')
                : t('order.pledgeSale')}
          </Badge>
        )}
        {placedBy?.tag && (
          <Badge size="xs" variant="outline" color="gray" tt="none">
            {t('order.tag', { tag: placedBy.tag })}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {order.name}
      </Text>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {size} {price}
        {showFilled &&
          order.filled_quantity > 0 &&
          ` · ${t('order.filled', {
            filled: formatCount(order.filled_quantity),
            quantity: formatCount(order.quantity),
          })}`}
        {showFilled &&
          order.average_price_paise !== null &&
          ` · ${t('order.averagePrice', { price: formatPaise(order.average_price_paise) })}`}
      </Text>
      <Text size="xs" c="dimmed">
        {t('order.placed', { time: formatDateTime(order.created_at) })}
        {order.valid_until
          ? ` · ${t('order.validUntil', { time: formatIstDateTime(order.valid_until) })}`
          : ''}
      </Text>
      {order.reason && (
        <Text size="xs" c="red.8">
          {t('order.reason', { reason: order.reason })}
        </Text>
      )}
    </Stack>
  );
}
