import { Table, Text } from '@mantine/core';
import { formatPaise, formatCount } from '@sampada/shared';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { type TOfferingFilter, useAllocations, useCloseAllocation } from '../api/allocations';
import { AllocationCreateModal } from './allocation-create-modal';
import { OfferingFilter } from './offering-filter';
import {
  OfferingActionsCell,
  OfferingStockCell,
  OfferingTable,
  OfferingToolbar,
} from './offering-list';
import { TradingStatusBadge } from './trading-status-badge';

/** Institutional allocations: what each offers, what is allocated and what remains. */
export function AllocationsPanel() {
  const [status, setStatus] = useState<TOfferingFilter>('open');
  const [creating, setCreating] = useState(false);
  const allocations = useAllocations(status);
  const closeAllocation = useCloseAllocation();

  return (
    <>
      <OfferingToolbar
        filter={<OfferingFilter value={status} onChange={setStatus} />}
        newLabel="New allocation"
        newTestId="allocation-new"
        onNew={() => setCreating(true)}
      />
      <OfferingTable
        query={allocations}
        empty={status === 'open' ? 'No open allocations.' : 'No allocations.'}
        columns={[
          'Stock',
          { label: 'Price', right: true },
          { label: 'Offered', right: true },
          { label: 'Allocated', right: true },
          { label: 'Remaining', right: true },
          'Window',
          'Status',
          '',
        ]}
      >
        {allocations.data?.map((a) => (
          <Table.Tr key={a.id} data-testid="allocation-row" data-offering-id={a.id}>
            <OfferingStockCell symbol={a.symbol} name={a.name} />
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatPaise(a.price_paise)}</Text>
              {a.market_price_paise !== null ? (
                <Text size="xs" c="dimmed">
                  live {formatPaise(a.market_price_paise)}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td ta="right">{formatCount(a.quantity)}</Table.Td>
            <Table.Td ta="right">{formatCount(a.allocated)}</Table.Td>
            <Table.Td ta="right">{formatCount(a.remaining)}</Table.Td>
            <Table.Td>
              <Text size="xs">{formatDateTime(a.opens_at)}</Text>
              <Text size="xs" c="dimmed">
                to {formatDateTime(a.closes_at)}
              </Text>
            </Table.Td>
            <Table.Td>
              <TradingStatusBadge status={a.status} />
            </Table.Td>
            <OfferingActionsCell
              offering={a}
              desk={{ type: 'institutional', label: 'Requests' }}
              closing={closeAllocation}
              close={{
                title: `Close the ${a.symbol} allocation?`,
                body: 'Clients can no longer request shares. Requests already placed still wait for your allocation.',
                testId: `allocation-close-${a.id}`,
              }}
            />
          </Table.Tr>
        ))}
      </OfferingTable>
      <AllocationCreateModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
