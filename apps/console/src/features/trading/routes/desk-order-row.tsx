import { Badge, Group, Table, Text } from '@mantine/core';
import { formatPaise, type TDeskOrder, formatCount } from '@sampada/shared';
import { DecisionButtons } from '../../../components/queue-parts';
import { formatDateTime } from '../../../lib/format';
import { formatOrderValue } from '../components/order-amounts';
import { OrderClientCell } from '../components/order-client-cell';
import { TradingStatusBadge } from '../components/trading-status-badge';

type DeskAction = 'allocate' | 'confirm' | 'reject';

/** One order on the desk; IPO applications have no decision column. */
export function DeskOrderRow({
  order: r,
  ipo,
  onStart,
}: {
  order: TDeskOrder;
  ipo: boolean;
  onStart: (kind: DeskAction, order: TDeskOrder) => void;
}) {
  return (
    <Table.Tr data-testid="desk-order-row" data-order-id={r.id}>
      <Table.Td>
        <Text size="sm">{formatDateTime(r.created_at)}</Text>
        {r.type === 'otc' && r.valid_until ? (
          <Text size="xs" c="dimmed">
            valid until {formatDateTime(r.valid_until)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <OrderClientCell client={r.client} />
      </Table.Td>
      <DeskStockCell order={r} />
      <DeskQuantityCell order={r} />
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {r.price_paise === null ? '—' : formatPaise(r.price_paise)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatOrderValue(r)}</Text>
        {r.hold_paise > 0 ? (
          <Text size="xs" c="dimmed">
            hold {formatPaise(r.hold_paise)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <TradingStatusBadge status={r.status} />
        {r.reason ? (
          <Text size="xs" c="dimmed">
            {r.reason}
          </Text>
        ) : null}
      </Table.Td>
      {ipo ? null : (
        <Table.Td>
          {r.status === 'awaiting' ? <DeskDecisionButtons order={r} onStart={onStart} /> : null}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function DeskStockCell({ order: r }: { order: TDeskOrder }) {
  return (
    <Table.Td>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {r.symbol}
        </Text>
        {r.type === 'ipo' ? null : (
          <Badge size="xs" variant="outline" color={r.side === 'buy' ? 'teal' : 'orange'}>
            {r.side}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {r.name}
      </Text>
    </Table.Td>
  );
}

function DeskQuantityCell({ order: r }: { order: TDeskOrder }) {
  return (
    <Table.Td ta="right">
      {r.type === 'ipo' && r.lots !== null ? (
        <>
          <Text size="sm">{formatCount(r.lots)}</Text>
          <Text size="xs" c="dimmed">
            × {formatCount(r.lot_size ?? 0)} = {formatCount(r.quantity)} sh.
          </Text>
        </>
      ) : (
        <>
          <Text size="sm">{formatCount(r.quantity)}</Text>
          {r.filled_quantity > 0 ? (
            <Text size="xs" c="dimmed">
              filled {formatCount(r.filled_quantity)}
            </Text>
          ) : null}
        </>
      )}
    </Table.Td>
  );
}

function DeskDecisionButtons({
  order: r,
  onStart,
}: {
  order: TDeskOrder;
  onStart: (kind: DeskAction, order: TDeskOrder) => void;
}) {
  return (
    <DecisionButtons
      justify="flex-end"
      approve={
        r.type === 'institutional'
          ? {
              label: 'Allocate',
              onClick: () => onStart('allocate', r),
              testId: `allocate-${r.id}`,
            }
          : {
              label: 'Confirm',
              onClick: () => onStart('confirm', r),
              testId: `confirm-${r.id}`,
            }
      }
      reject={{ onClick: () => onStart('reject', r), testId: `reject-${r.id}` }}
    />
  );
}
