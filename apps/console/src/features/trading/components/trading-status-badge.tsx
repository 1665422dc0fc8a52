import { Badge } from '@mantine/core';
import { ORDER_STATUS_LABELS, type TOrderStatus } from '@sampada/shared';

const COLORS: Record<string, string> = {
  awaiting: 'yellow',
  filled: 'teal',
  partially_filled: 'cyan',
  cancelled: 'gray',
  rejected: 'red',
  expired: 'orange',
  open: 'teal',
  closed: 'gray',
  upcoming: 'blue',
  allotted: 'violet',
  listed: 'indigo',
  withdrawn: 'red',
};

const labelOf = (status: string) =>
  ORDER_STATUS_LABELS[status as TOrderStatus] ??
  status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' ');

/** An order, offering or IPO status, in words. */
export function TradingStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" data-status={status}>
      {labelOf(status)}
    </Badge>
  );
}
