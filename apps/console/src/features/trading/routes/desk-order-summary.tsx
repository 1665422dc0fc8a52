import { Stack, Text } from '@mantine/core';
import { formatPaise, type TDeskOrder, formatCount } from '@sampada/shared';
import { formatDateTime } from '../../../lib/format';
import { formatOrderValue } from '../components/order-amounts';

/** What the desk is deciding on, shown at the top of each decision modal. */
export function DeskOrderSummary({ order: o }: { order: TDeskOrder }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        {o.client.name ?? 'Client'} (UID {o.client.uid})
      </Text>
      <Text fw={600}>
        {o.side === 'buy' ? 'Buys' : 'Sells'} {formatCount(o.quantity)} {o.symbol} at{' '}
        {o.price_paise === null ? 'market' : formatPaise(o.price_paise)}
      </Text>
      <Text size="sm">
        Value {formatOrderValue(o)}
        {o.hold_paise > 0 ? ` · on hold ${formatPaise(o.hold_paise)}` : ''}
      </Text>
      {o.valid_until ? (
        <Text size="xs" c="dimmed">
          Valid until {formatDateTime(o.valid_until)}
        </Text>
      ) : null}
    </Stack>
  );
}
