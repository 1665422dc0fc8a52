import { Anchor, Table, Text } from '@mantine/core';
import { formatPaise, formatCount } from '@sampada/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useIpos } from '../api/ipos';
import { formatDay } from '../utils/dates';
import { formatSubscription } from '../utils/money';
import { IpoCreateModal } from './ipo-create-modal';
import { OfferingTable, OfferingToolbar } from './offering-list';
import { TradingStatusBadge } from './trading-status-badge';

/** IPO issues with their dates, demand and status; each opens its detail page. */
export function IposPanel() {
  const [creating, setCreating] = useState(false);
  const ipos = useIpos();
  return (
    <>
      <OfferingToolbar newLabel="New IPO" newTestId="ipo-new" onNew={() => setCreating(true)} />
      <OfferingTable
        query={ipos}
        empty="No IPO issues yet."
        columns={[
          'Issue',
          { label: 'Price band', right: true },
          { label: 'Lot', right: true },
          'Bidding',
          'Listing',
          { label: 'Applications', right: true },
          { label: 'Subscription', right: true },
          'Status',
        ]}
      >
        {ipos.data?.map((ipo) => (
          <Table.Tr key={ipo.id} data-testid="ipo-row" data-offering-id={ipo.id}>
            <Table.Td>
              <Anchor
                component={Link}
                to={paths.tradingIpo(ipo.id)}
                fw={600}
                size="sm"
                data-testid={`ipo-open-${ipo.id}`}
              >
                {ipo.symbol}
              </Anchor>
              <Text size="xs" c="dimmed">
                {ipo.name}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatPaise(ipo.price_low_paise)} – {formatPaise(ipo.price_high_paise)}
            </Table.Td>
            <Table.Td ta="right">{formatCount(ipo.lot_size)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDay(ipo.open_date)} – {formatDay(ipo.close_date)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(ipo.listing_date)}</Table.Td>
            <Table.Td ta="right">{formatCount(ipo.applications)}</Table.Td>
            <Table.Td ta="right">{formatSubscription(ipo.subscription)}</Table.Td>
            <Table.Td>
              <TradingStatusBadge status={ipo.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </OfferingTable>
      <IpoCreateModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
