import type { TOrderStatus } from '@sampada/shared';
import { Badge } from '@mantine/core';
import { orderStatusLabel } from './trade-labels';

const STATUS_COLORS: Record<TOrderStatus, string> = {
  awaiting: 'yellow',
  filled: 'teal',
  partially_filled: 'blue',
  cancelled: 'gray',
  rejected: 'red',
  expired: 'gray',
};

/** An order's status (domain.md "Order states"), worded as ORDER_STATUS_LABELS. */
export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="order-status">
      {orderStatusLabel(status)}
    </Badge>
  );
}
