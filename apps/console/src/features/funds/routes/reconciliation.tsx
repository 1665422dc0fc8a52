import { Alert, Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatPaise } from '@sampada/shared';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useReconciliation } from '../api/funds';
import { accountLabel } from '../../../lib/account-label';

/** The ledger check (docs/api-funds.md "Reconciliation") and the firm's account balances. */
export function ReconciliationPage() {
  const report = useReconciliation();
  const r = report.data;
  return (
    <>
      <PageHeader
        title="Reconciliation"
        description="Every posting balances, every cached balance equals its lines"
        actions={
          <Button variant="light" loading={report.isFetching} onClick={() => void report.refetch()}>
            Run again
          </Button>
        }
      />
      <QueryState isPending={report.isPending} error={report.error}>
        {r ? (
          <Stack>
            <ReconciliationResult report={r} />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder>
                <Title order={4} mb="sm">
                  Firm accounts
                </Title>
                <Table>
                  <Table.Tbody>
                    {r.firm_accounts.map((a) => (
                      <Table.Tr key={a.account} data-testid="firm-account">
                        <Table.Td>{accountLabel(a.account)}</Table.Td>
                        <Table.Td ta="right">{formatPaise(a.balance_paise)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Text size="xs" c="dimmed" mt="xs">
                  Bank clearing is negative by the cash clients hold with the firm.
                </Text>
              </Card>
              <Card withBorder>
                <Title order={4} mb="sm">
                  Client totals
                </Title>
                <Table>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td>Cash available</Table.Td>
                      <Table.Td ta="right">
                        {formatPaise(r.client_totals.cash_available_paise)}
                      </Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td>Cash on hold</Table.Td>
                      <Table.Td ta="right">
                        {formatPaise(r.client_totals.cash_on_hold_paise)}
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Card>
            </SimpleGrid>
          </Stack>
        ) : null}
      </QueryState>
    </>
  );
}

/** OK with what was checked, or each discrepancy found. */
function ReconciliationResult({
  report: r,
}: {
  report: NonNullable<ReturnType<typeof useReconciliation>['data']>;
}) {
  return r.ok ? (
    <Alert
      color="teal"
      icon={<IconCircleCheck size={18} />}
      title="OK"
      data-testid="reconciliation-result"
    >
      The ledger reconciles: {r.counts.accounts} accounts, {r.counts.postings} postings,{' '}
      {r.counts.lines} lines. Checked {formatDateTime(r.checked_at)}.
    </Alert>
  ) : (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={`${r.discrepancies.length} discrepancies`}
      data-testid="reconciliation-result"
    >
      <Stack gap={4}>
        {r.discrepancies.map((d, i) => (
          <Text size="sm" key={i} data-testid="discrepancy">
            <strong>{d.check}</strong>: {d.message}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          Checked {formatDateTime(r.checked_at)}.
        </Text>
      </Stack>
    </Alert>
  );
}
