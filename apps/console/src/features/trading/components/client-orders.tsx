import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatPaise,
  mayAccess,
  ORDER_TYPE_LABELS,
  type TDeskOrder,
  formatCount,
} from '@sampada/shared';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDeskOrders } from '../api/desk-orders';
import { TradingStatusBadge } from './trading-status-badge';

/**
 * One client's orders of every type and status, newest first, with their fills and contract
 * note numbers. Read-only: shown on the client page to every role that may read it.
 */
export function ClientOrders({ clientId }: { clientId: string }) {
  const roles = useSession()?.staff.roles;
  if (!mayAccess(roles, 'clientOrders')) return null;
  return <ClientOrdersCard clientId={clientId} />;
}

function ClientOrdersCard({ clientId }: { clientId: string }) {
  const orders = useDeskOrders({ status: 'all', client_id: clientId });
  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card withBorder data-testid="client-orders">
      <Title order={4} mb="sm">
        Orders
      </Title>
      <QueryState isPending={orders.isPending} error={orders.error}>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            No orders yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Placed</Table.Th>
                  <Table.Th>Order</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Fills and contract notes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((order) => (
                  <OrderRow key={order.id} order={order} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {orders.hasNextPage ? (
          <Button
            mt="sm"
            variant="light"
            size="xs"
            loading={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </QueryState>
    </Card>
  );
}

function OrderRow({ order }: { order: TDeskOrder }) {
  return (
    <Table.Tr data-testid="client-order-row" data-order-id={order.id}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(order.created_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {order.symbol}
          </Text>
          <Badge size="xs" variant="outline" color={order.side === 'buy' ? 'teal' : 'orange'}>
            {order.side}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {ORDER_TYPE_LABELS[order.type]}
          {order.lots !== null ? ` · ${formatCount(order.lots)} lots` : ''}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">
          {formatCount(order.filled_quantity)} / {formatCount(order.quantity)}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">
          {order.price_paise === null ? 'Market' : formatPaise(order.price_paise)}
        </Text>
        {order.average_price_paise !== null ? (
          <Text size="xs" c="dimmed">
            avg {formatPaise(order.average_price_paise)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <TradingStatusBadge status={order.status} />
        {order.reason ? (
          <Text size="xs" c="dimmed">
            {order.reason}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {order.fills.length === 0 ? (
          <Text size="xs" c="dimmed">
            —
          </Text>
        ) : (
          <Stack gap={2}>
            {order.fills.map((fill) => (
              <Text key={fill.id} size="xs" data-testid="order-fill">
                <Text span ff="monospace" size="xs" fw={600} data-testid="contract-note-no">
                  {fill.contract_note_no}
                </Text>{' '}
                · {formatCount(fill.quantity)} @ {formatPaise(fill.price_paise)} · charges{' '}
                {formatPaise(fill.charges.total_paise)} · net {formatPaise(fill.net_paise)} ·{' '}
                {formatDateTime(fill.executed_at)}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
