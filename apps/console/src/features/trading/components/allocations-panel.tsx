import { Anchor, Button, Card, Group, Table, Text } from '@mantine/core';
import { formatPaise, type TInstitutionalOffering } from '@sampada/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type TOfferingFilter, useAllocations, useCloseAllocation } from '../api/allocations';
import { formatShares } from '../utils/money';
import { AllocationCreateModal } from './allocation-create-modal';
import { confirmAction } from './confirm-action';
import { OfferingFilter } from './offering-filter';
import { TradingStatusBadge } from './trading-status-badge';

/** Institutional allocations: what each offers, what is allocated and what remains. */
export function AllocationsPanel() {
  const [status, setStatus] = useState<TOfferingFilter>('open');
  const [creating, setCreating] = useState(false);
  const allocations = useAllocations(status);
  const closeAllocation = useCloseAllocation();
  const rows = allocations.data ?? [];

  const askClose = (a: TInstitutionalOffering) =>
    confirmAction({
      confirmLabel: 'Close now',
      cancelLabel: 'Keep open',
      title: `Close the ${a.symbol} allocation?`,
      body: 'Clients can no longer request shares. Requests already placed still wait for your allocation.',
      onConfirm: () =>
        closeAllocation.mutate(a.id, {
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
          data-testid="allocation-new"
        >
          New allocation
        </Button>
      </Group>
      <QueryState isPending={allocations.isPending} error={allocations.error}>
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={980}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Stock</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Offered</Table.Th>
                  <Table.Th ta="right">Allocated</Table.Th>
                  <Table.Th ta="right">Remaining</Table.Th>
                  <Table.Th>Window</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((a) => (
                  <Table.Tr key={a.id} data-testid="allocation-row" data-offering-id={a.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {a.symbol}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {a.name}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatPaise(a.price_paise)}</Text>
                      {a.market_price_paise !== null ? (
                        <Text size="xs" c="dimmed">
                          live {formatPaise(a.market_price_paise)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{formatShares(a.quantity)}</Table.Td>
                    <Table.Td ta="right">{formatShares(a.allocated)}</Table.Td>
                    <Table.Td ta="right">{formatShares(a.remaining)}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{formatDateTime(a.opens_at)}</Text>
                      <Text size="xs" c="dimmed">
                        to {formatDateTime(a.closes_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TradingStatusBadge status={a.status} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Anchor
                          component={Link}
                          to={`${paths.tradingDesk}?type=institutional&offering_id=${a.id}`}
                          size="sm"
                        >
                          Requests
                        </Anchor>
                        {a.status === 'open' ? (
                          <Button
                            size="compact-sm"
                            color="red"
                            variant="light"
                            loading={
                              closeAllocation.isPending && closeAllocation.variables === a.id
                            }
                            onClick={() => askClose(a)}
                            data-testid={`allocation-close-${a.id}`}
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
              {status === 'open' ? 'No open allocations.' : 'No allocations.'}
            </Text>
          ) : null}
        </Card>
      </QueryState>
      <AllocationCreateModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
