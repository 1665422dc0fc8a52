import { Anchor, Card, Table, Text } from '@mantine/core';
import { formatBps, formatPaise } from '@sampada/shared';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useShortfalls } from '../api/loans';

/** Loans against shares at or above their margin-call level now, highest LTV first. */
export function ShortfallsPage() {
  const query = useShortfalls();
  const rows = query.data ?? [];
  return (
    <>
      <PageHeader
        title="Pledge shortfalls"
        description="Loans against shares whose LTV is at or above the margin-call level, at live prices"
      />
      <QueryState isPending={query.isPending} error={query.error}>
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Loan</Table.Th>
                  <Table.Th ta="right">Outstanding</Table.Th>
                  <Table.Th ta="right">Pledge value</Table.Th>
                  <Table.Th ta="right">LTV</Table.Th>
                  <Table.Th ta="right">Shortfall</Table.Th>
                  <Table.Th>Deadline</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ loan, shortfall_paise }) => (
                  <Table.Tr key={loan.id} data-testid="shortfall-row">
                    <Table.Td>
                      {loan.client.name ?? '—'}
                      <Text size="xs" c="dimmed">
                        UID {loan.client.uid}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.loan(loan.id)} size="sm">
                        {loan.product.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{formatPaise(loan.outstanding_paise)}</Table.Td>
                    <Table.Td ta="right">{formatPaise(loan.pledge_value_paise ?? 0)}</Table.Td>
                    <Table.Td ta="right" c={loan.margin_state === 'sell_off' ? 'red' : 'orange'}>
                      {loan.ltv_bps === null ? '—' : formatBps(loan.ltv_bps)}
                      {loan.margin_state === 'sell_off' ? ' · sell-off' : ' · margin call'}
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatPaise(shortfall_paise)}
                    </Table.Td>
                    {/* The open margin call's last day; past it the monitor sells (decision 043). */}
                    <Table.Td>{loan.margin_call_deadline ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 ? (
            <Text c="dimmed" p="md">
              Every pledged loan is covered.
            </Text>
          ) : null}
        </Card>
      </QueryState>
    </>
  );
}
