import { Anchor, Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { formatPaise, type TOtcQuote } from '@sampada/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { TOfferingFilter } from '../api/allocations';
import { useCloseOtcQuote, useOtcQuotes } from '../api/otc-quotes';
import { formatShares } from '../utils/money';
import { confirmAction } from './confirm-action';
import { OfferingFilter } from './offering-filter';
import { OtcQuoteCreateModal } from './otc-quote-create-modal';
import { TradingStatusBadge } from './trading-status-badge';

/** OTC desk quotes: price against the reference, taken and remaining, validity. */
export function OtcQuotesPanel() {
  const [status, setStatus] = useState<TOfferingFilter>('open');
  const [creating, setCreating] = useState(false);
  const quotes = useOtcQuotes(status);
  const closeQuote = useCloseOtcQuote();
  const rows = quotes.data ?? [];

  const askClose = (q: TOtcQuote) =>
    confirmAction({
      confirmLabel: 'Close now',
      cancelLabel: 'Keep open',
      title: `Close the ${q.symbol} quote?`,
      body: 'Clients can no longer take it. Takes already placed still wait for your confirmation.',
      onConfirm: () =>
        closeQuote.mutate(q.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        }),
    });

  return (
    <>
      <Group mb="md" justify="space-between">
        <OfferingFilter value={status} onChange={setStatus} />
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          data-testid="otc-new"
        >
          New quote
        </Button>
      </Group>
      <QueryState isPending={quotes.isPending} error={quotes.error}>
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={980}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Stock</Table.Th>
                  <Table.Th>Clients</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Taken</Table.Th>
                  <Table.Th ta="right">Remaining</Table.Th>
                  <Table.Th>Valid until</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((q) => (
                  <Table.Tr key={q.id} data-testid="otc-row" data-offering-id={q.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {q.symbol}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {q.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={q.side === 'buy' ? 'teal' : 'orange'}>
                        {q.side === 'buy' ? 'Buy' : 'Sell'}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatPaise(q.price_paise)}</Text>
                      <Text size="xs" c="dimmed">
                        ref. {formatPaise(q.reference_price_paise)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatShares(q.quantity)}</Table.Td>
                    <Table.Td ta="right">{formatShares(q.taken)}</Table.Td>
                    <Table.Td ta="right">{formatShares(q.remaining)}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{formatDateTime(q.valid_until)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <TradingStatusBadge status={q.status} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Anchor
                          component={Link}
                          to={`${paths.tradingDesk}?type=otc&offering_id=${q.id}`}
                          size="sm"
                        >
                          Takes
                        </Anchor>
                        {q.status === 'open' ? (
                          <Button
                            size="compact-sm"
                            color="red"
                            variant="light"
                            loading={closeQuote.isPending && closeQuote.variables === q.id}
                            onClick={() => askClose(q)}
                            data-testid={`otc-close-${q.id}`}
                          >
                            Close
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 ? (
            <Text c="dimmed" p="md">
              {status === 'open' ? 'No open quotes.' : 'No quotes.'}
            </Text>
          ) : null}
        </Card>
      </QueryState>
      <OtcQuoteCreateModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
