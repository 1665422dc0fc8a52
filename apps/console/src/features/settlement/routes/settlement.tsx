import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatPaise, mayAccess } from '@sampada/shared';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useSettlementBatches } from '../api/settlement';
import { BatchStatusBadge, formatSettlementDate, OfficerCell } from '../components/batch-parts';
import { PrepareForm } from '../components/prepare-form';

/**
 * Running-account settlement (decision 045): the batches with who prepared and who decided
 * them, the next settlement dates, and — for those who may decide — a batch to prepare.
 */
export function SettlementPage() {
  const batches = useSettlementBatches();
  const roles = useSession()?.staff.roles ?? [];
  const next = batches.data?.next_dates;
  const items = batches.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Settlement"
        description="Running-account settlement: idle client cash is paid out on each settlement date"
      />
      <QueryState isPending={batches.isPending} error={batches.error}>
        <Stack>
          {next ? (
            <Group grow align="stretch" data-testid="next-dates">
              <Paper withBorder p="md">
                <Text size="xs" c="dimmed">
                  Next quarterly settlement (every client)
                </Text>
                <Text fw={600} data-testid="next-quarterly">
                  {formatSettlementDate(next.quarterly)}
                </Text>
              </Paper>
              <Paper withBorder p="md">
                <Text size="xs" c="dimmed">
                  Next monthly settlement (clients who chose monthly)
                </Text>
                <Text fw={600} data-testid="next-monthly">
                  {formatSettlementDate(next.monthly)}
                </Text>
              </Paper>
            </Group>
          ) : null}
          {next && mayAccess(roles, 'settlementDecide') ? (
            <PrepareForm suggested={next.monthly} />
          ) : null}
          <ListTable
            minWidth={900}
            columns={[
              'Date',
              'Status',
              'Prepared by',
              'Decided by',
              { label: 'Clients', right: true },
              { label: 'Payout', right: true },
              { label: 'Paid', right: true },
            ]}
            empty={items.length === 0 ? 'No settlement batches yet.' : undefined}
          >
            {items.map((b) => (
              <Table.Tr key={b.id} data-testid="batch-row">
                <Table.Td>
                  <Anchor component={Link} to={paths.settlementBatch(b.id)} size="sm">
                    {formatSettlementDate(b.date)}
                  </Anchor>
                </Table.Td>
                {/* Wide enough for "Awaiting approval": a squeezed cell cut the badge to "PA…". */}
                <Table.Td miw={160}>
                  <BatchStatusBadge status={b.status} />
                </Table.Td>
                <Table.Td>
                  <OfficerCell email={b.prepared_by} at={b.prepared_at} />
                </Table.Td>
                <Table.Td>
                  <OfficerCell email={b.decided_by} at={b.decided_at} />
                </Table.Td>
                <Table.Td ta="right">{b.clients}</Table.Td>
                <Table.Td ta="right">{formatPaise(b.payout_paise)}</Table.Td>
                <Table.Td ta="right">{formatPaise(b.paid_paise)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Stack>
      </QueryState>
    </>
  );
}
