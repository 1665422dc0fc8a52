import {
  ORDER_STATUSES,
  ORDER_TYPES,
  formatPaise,
  type TOrder,
  type TOrderStatus,
  type TOrderType,
  formatCount,
} from '@sampada/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { orderStatusLabel, orderTypeLabel } from '../../../components/trading/trade-labels';
import { isApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/money';
import type { TOrdersFilter } from '../../../lib/query-keys';
import { orderQueryOptions, ordersQueryOptions } from '../api/get-orders';
import { usePortfolioTranslation } from '../i18n';
import { openContractNote } from './contract-note';
import { useMoney } from './money-parts';
import { OrderSummary } from './order-summary';
import { LoadMoreButton } from '../../../components/load-more-button';
import { CardTable } from '../../../components/card-table';
import { DateField } from '../../../components/date-field';

/** The statuses an order can end in: what History lists (awaiting ones are in Awaiting). */
const FINAL_STATUSES = ORDER_STATUSES.filter((status) => status !== 'awaiting');

/** One order's fills (GET /trade/app/v1/orders/:id), each with its contract note. */
function OrderFills({ order }: { order: TOrder }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const query = useQuery(orderQueryOptions(order.id));
  if (query.isPending) return <Skeleton height={48} />;
  if (query.isError)
    return (
      <Alert color="red">
        {translateMessage(isApiError(query.error) ? query.error : String(query.error))}
      </Alert>
    );
  const fills = query.data.fills;
  if (fills.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={`history-no-fills-${order.id}`}>
        {t('history.noFills')}
      </Text>
    );
  return (
    <CardTable minWidth={560} verticalSpacing={4} data-testid={`history-fills-${order.id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('history.executed')}</Table.Th>
          <Table.Th ta="right">{t('history.quantity')}</Table.Th>
          <Table.Th ta="right">{t('history.price')}</Table.Th>
          <Table.Th ta="right">{t('history.value')}</Table.Th>
          <Table.Th ta="right">{t('order.charges')}</Table.Th>
          <Table.Th ta="right">{t('history.net')}</Table.Th>
          <Table.Th>{t('history.contractNote')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fills.map((fill) => (
          <Table.Tr key={fill.id} data-testid={`fill-row-${fill.id}`}>
            <Table.Td>{formatDateTime(fill.executed_at)}</Table.Td>
            <Table.Td ta="right">{formatCount(fill.quantity)}</Table.Td>
            <Table.Td ta="right">{formatPaise(fill.price_paise)}</Table.Td>
            <Table.Td ta="right">{money(fill.value_paise)}</Table.Td>
            <Table.Td ta="right">{money(fill.charges.total_paise)}</Table.Td>
            <Table.Td ta="right">{money(fill.net_paise)}</Table.Td>
            <Table.Td>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => openContractNote(fill.contract_note_no)}
                data-testid={`contract-note-${fill.contract_note_no}`}
              >
                {fill.contract_note_no}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CardTable>
  );
}

function HistoryRow({ order, noticed = false }: { order: TOrder; noticed?: boolean }) {
  const { t } = usePortfolioTranslation();
  const [open, setOpen] = useState(noticed);
  const toggle = t(open ? 'history.collapse' : 'history.expand', { symbol: order.symbol });
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={`history-row-${order.id}`}
      style={noticed ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <OrderSummary order={order} showFilled />
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={toggle}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid={`history-expand-${order.id}`}
        >
          {open ? (
            <IconChevronUp size={18} aria-hidden />
          ) : (
            <IconChevronDown size={18} aria-hidden />
          )}
        </ActionIcon>
      </Group>
      {open && (
        <Stack gap="xs" mt="sm">
          <OrderFills order={order} />
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The order a notice opened (`?order=<id>`, lib/notices.ts `noticeHref`): first, open to its
 * fills and contract notes, wherever it falls in the list. While it loads, or if it is not the
 * client's, History reads as usual.
 */
function NoticedOrder({ id }: { id: string }) {
  const query = useQuery(orderQueryOptions(id));
  return query.data ? <HistoryRow order={query.data} noticed /> : null;
}

/**
 * /portfolio/history: every order that reached a final status, newest first, filtered by
 * type, status and dates, a page at a time; each opens to its fills and contract notes.
 */
export function HistoryPage() {
  const { t } = usePortfolioTranslation();
  const [type, setType] = useState<TOrderType | ''>('');
  const [status, setStatus] = useState<TOrderStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: TOrdersFilter = {
    view: 'history',
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const query = useInfiniteQuery(ordersQueryOptions(filter));
  const noticed = useSearchParams()[0].get('order');
  const orders = (query.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (order) => order.id !== noticed,
  );
  return (
    <Stack gap="sm" data-testid="portfolio-history">
      {noticed && <NoticedOrder id={noticed} />}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('history.type')}
          value={type}
          onChange={(event) => setType(event.currentTarget.value as TOrderType | '')}
          data={[
            { value: '', label: t('history.allTypes') },
            ...ORDER_TYPES.map((value) => ({ value, label: orderTypeLabel(value) })),
          ]}
          data-testid="history-filter-type"
        />
        <NativeSelect
          label={t('history.status')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as TOrderStatus | '')}
          data={[
            { value: '', label: t('history.allStatuses') },
            ...FINAL_STATUSES.map((value) => ({ value, label: orderStatusLabel(value) })),
          ]}
          data-testid="history-filter-status"
        />
        <DateField
          label={t('history.from')}
          value={from}
          maxDate={to || undefined}
          onChange={setFrom}
          data-testid="history-filter-from"
        />
        <DateField
          label={t('history.to')}
          value={to}
          minDate={from || undefined}
          onChange={setTo}
          data-testid="history-filter-to"
        />
      </Group>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={orders.length === 0 && !noticed}
        emptyText={t('history.empty')}
        rows={4}
      >
        {orders.map((order) => (
          <HistoryRow key={order.id} order={order} />
        ))}
        <LoadMoreButton query={query} label={t('loadMore')} testId="history-load-more" />
      </QueryState>
    </Stack>
  );
}
