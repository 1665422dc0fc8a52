import { Badge, Table, Text } from '@mantine/core';
import { formatPaise, formatCount } from '@sampada/shared';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { TOfferingFilter } from '../api/allocations';
import { useCloseOtcQuote, useOtcQuotes } from '../api/otc-quotes';
import { OfferingFilter } from './offering-filter';
import {
  OfferingActionsCell,
  OfferingStockCell,
  OfferingTable,
  OfferingToolbar,
} from './offering-list';
import { OtcQuoteCreateModal } from './otc-quote-create-modal';
import { TradingStatusBadge } from './trading-status-badge';

/** OTC desk quotes: price against the reference, taken and remaining, validity. */
export function OtcQuotesPanel() {
  const [status, setStatus] = useState<TOfferingFilter>('open');
  const [creating, setCreating] = useState(false);
  const quotes = useOtcQuotes(status);
  const closeQuote = useCloseOtcQuote();

  return (
    <>
      <OfferingToolbar
        filter={<OfferingFilter value={status} onChange={setStatus} />}
        newLabel="New quote"
        newTestId="otc-new"
        onNew={() => setCreating(true)}
      />
      <OfferingTable
        query={quotes}
        empty={status === 'open' ? 'No open quotes.' : 'No quotes.'}
        columns={[
          'Stock',
          'Clients',
          { label: 'Price', right: true },
          { label: 'Quantity', right: true },
          { label: 'Taken', right: true },
          { label: 'Remaining', right: true },
          'Valid until',
          'Status',
          '',
        ]}
      >
        {quotes.data?.map((q) => (
          <Table.Tr key={q.id} data-testid="otc-row" data-offering-id={q.id}>
            <OfferingStockCell symbol={q.symbol} name={q.name} />
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
            <Table.Td ta="right">{formatCount(q.quantity)}</Table.Td>
            <Table.Td ta="right">{formatCount(q.taken)}</Table.Td>
            <Table.Td ta="right">{formatCount(q.remaining)}</Table.Td>
            <Table.Td>
              <Text size="xs">{formatDateTime(q.valid_until)}</Text>
            </Table.Td>
            <Table.Td>
              <TradingStatusBadge status={q.status} />
            </Table.Td>
            <OfferingActionsCell
              offering={q}
              desk={{ type: 'otc', label: 'Takes' }}
              closing={closeQuote}
              close={{
                title: `Close the ${q.symbol} quote?`,
                body: 'Clients can no longer take it. Takes already placed still wait for your confirmation.',
                testId: `otc-close-${q.id}`,
              }}
            />
          </Table.Tr>
        ))}
      </OfferingTable>
      <OtcQuoteCreateModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
