import { Alert, Badge, CloseButton, Group, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import {
  formatPaise,
  ORDER_STATUS_LABELS,
  type TDeskOrder,
  type TOfferingKind,
} from '@sampada/shared';
import { useSearchParams } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { DecisionButtons, StatusFilter } from '../../../components/queue-parts';
import { formatDateTime } from '../../../lib/format';
import { useQueueDecision } from '../../../lib/queue-decision';
import {
  DESK_STATUS_FILTERS,
  type TDeskDecision,
  type TDeskStatusFilter,
  useDecideOrder,
  useDeskOrders,
} from '../api/desk-orders';
import { useIpos } from '../api/ipos';
import {
  AllocateModal,
  ConfirmTakeModal,
  RejectOrderModal,
} from '../components/desk-decision-modals';
import { formatOrderValue } from '../components/order-amounts';
import { OrderClientCell } from '../components/order-client-cell';
import { TradingStatusBadge } from '../components/trading-status-badge';
import { formatShares } from '../utils/money';

const TYPES: { value: TOfferingKind; label: string }[] = [
  { value: 'institutional', label: 'Institutional requests' },
  { value: 'otc', label: 'OTC takes' },
  { value: 'ipo', label: 'IPO applications' },
];

/**
 * The trading desk: institutional requests to allocate, OTC takes to confirm, and IPO
 * applications (read-only until the issue's allotment). Awaiting orders come oldest first.
 */
export function DeskPage() {
  const [params, setParams] = useSearchParams();
  const requestedType = params.get('type');
  const type: TOfferingKind = TYPES.some((t) => t.value === requestedType)
    ? (requestedType as TOfferingKind)
    : 'institutional';
  const status = (params.get('status') ?? 'awaiting') as TDeskStatusFilter;
  const offeringId = params.get('offering_id') ?? undefined;
  const orders = useDeskOrders({ type, status, offering_id: offeringId });
  const decide = useDecideOrder();
  const { open, failure, start, close, run } = useQueueDecision<
    'allocate' | 'confirm' | 'reject',
    TDeskOrder,
    TDeskDecision
  >(decide);
  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];

  const update = (next: Record<string, string | undefined>) => {
    const merged = { type, status, offering_id: offeringId, ...next };
    const entries = Object.entries(merged).filter(
      ([key, value]) =>
        value &&
        !(key === 'type' && value === 'institutional') &&
        !(key === 'status' && value === 'awaiting'),
    ) as [string, string][];
    setParams(Object.fromEntries(entries), { replace: true });
  };

  const o = open?.item;
  const summary = o ? (
    <Stack gap={4}>
      <Text size="sm">
        {o.client.name ?? 'Client'} (UID {o.client.uid})
      </Text>
      <Text fw={600}>
        {o.side === 'buy' ? 'Buys' : 'Sells'} {formatShares(o.quantity)} {o.symbol} at{' '}
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
  ) : null;

  return (
    <>
      <PageHeader
        title="Trading desk"
        description={status === 'awaiting' ? 'Awaiting the desk, oldest first' : 'Newest first'}
        actions={
          <StatusFilter
            filters={DESK_STATUS_FILTERS}
            value={status}
            labelOf={(s) => ORDER_STATUS_LABELS[s as Exclude<typeof s, 'all'>]}
            onChange={(value) => update({ status: value ?? undefined })}
            width={180}
            testId="desk-status"
          />
        }
      />
      <Tabs
        value={type}
        onChange={(next) => update({ type: next ?? undefined, offering_id: undefined })}
      >
        <Tabs.List mb="md">
          {TYPES.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} data-testid={`desk-tab-${t.value}`}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {type === 'ipo' ? (
        <IpoIssueFilter value={offeringId} onChange={(id) => update({ offering_id: id })} />
      ) : offeringId ? (
        <Group mb="md" gap={4}>
          <Badge variant="light" size="lg" data-testid="desk-offering-filter">
            One offering only
          </Badge>
          <CloseButton
            aria-label="Show every offering"
            onClick={() => update({ offering_id: undefined })}
          />
        </Group>
      ) : null}
      <QueryState isPending={orders.isPending} error={orders.error}>
        <ListTable
          minWidth={1000}
          columns={[
            'Placed',
            'Client',
            'Stock',
            { label: type === 'ipo' ? 'Lots' : 'Quantity', right: true },
            { label: 'Price', right: true },
            { label: 'Value / hold', right: true },
            'Status',
            ...(type === 'ipo' ? [] : ['']),
          ]}
          empty={
            rows.length === 0
              ? status === 'awaiting'
                ? 'Nothing awaiting the desk.'
                : 'No orders.'
              : null
          }
          highlightOnHover
          verticalSpacing="sm"
        >
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="desk-order-row" data-order-id={r.id}>
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
              <Table.Td ta="right">
                {r.type === 'ipo' && r.lots !== null ? (
                  <>
                    <Text size="sm">{formatShares(r.lots)}</Text>
                    <Text size="xs" c="dimmed">
                      × {formatShares(r.lot_size ?? 0)} = {formatShares(r.quantity)} sh.
                    </Text>
                  </>
                ) : (
                  <>
                    <Text size="sm">{formatShares(r.quantity)}</Text>
                    {r.filled_quantity > 0 ? (
                      <Text size="xs" c="dimmed">
                        filled {formatShares(r.filled_quantity)}
                      </Text>
                    ) : null}
                  </>
                )}
              </Table.Td>
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
              {type === 'ipo' ? null : (
                <Table.Td>
                  {r.status === 'awaiting' ? (
                    <DecisionButtons
                      justify="flex-end"
                      approve={
                        r.type === 'institutional'
                          ? {
                              label: 'Allocate',
                              onClick: () => start('allocate', r),
                              testId: `allocate-${r.id}`,
                            }
                          : {
                              label: 'Confirm',
                              onClick: () => start('confirm', r),
                              testId: `confirm-${r.id}`,
                            }
                      }
                      reject={{ onClick: () => start('reject', r), testId: `reject-${r.id}` }}
                    />
                  ) : null}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </ListTable>
        <LoadMoreButton query={orders} />
        {type === 'ipo' ? (
          <Alert color="gray" mt="md">
            Applications are settled by the issue&apos;s allotment: open the issue under Offerings
            to close bidding, allot and list.
          </Alert>
        ) : null}
      </QueryState>
      <AllocateModal
        key={open?.kind === 'allocate' ? `allocate-${open.item.id}` : 'allocate'}
        opened={open?.kind === 'allocate'}
        requested={open?.item.quantity ?? 0}
        summary={summary}
        failure={failure}
        loading={decide.isPending}
        onClose={close}
        onAllocate={(quantity) => o && run(o, { action: 'allocate', quantity })}
      />
      <ConfirmTakeModal
        opened={open?.kind === 'confirm'}
        summary={summary}
        failure={failure}
        loading={decide.isPending}
        onClose={close}
        onConfirm={() => o && run(o, { action: 'confirm' })}
      />
      <RejectOrderModal
        key={open?.kind === 'reject' ? `reject-${open.item.id}` : 'reject'}
        opened={open?.kind === 'reject'}
        summary={summary}
        failure={failure}
        loading={decide.isPending}
        onClose={close}
        onReject={(reason) => o && run(o, { action: 'reject', reason })}
      />
    </>
  );
}

/** IPO applications by issue: every issue, or one. */
function IpoIssueFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const ipos = useIpos();
  return (
    <Select
      mb="md"
      w={360}
      label="Issue"
      placeholder="Every issue"
      clearable
      data={(ipos.data ?? []).map((ipo) => ({
        value: ipo.id,
        label: `${ipo.symbol} · ${ipo.name}`,
      }))}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      data-testid="desk-ipo-issue"
    />
  );
}
