import { Alert, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { formatPaise, type TConsoleWithdrawal } from '@sampada/shared';
import { useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/kyc-status-badge';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useQueueDecision } from '../../../lib/queue-decision';
import {
  type TWithdrawalDecision,
  useDecideWithdrawal,
  useWithdrawalQueue,
  WITHDRAWAL_FILTERS,
} from '../api/funds';
import { ClientCell } from '../components/client-cell';
import { PayModal, RejectModal } from '../components/decision-modals';

/** Withdrawals on hold waiting for payment: pay them from the bank, then record the reference. */
export function WithdrawalsQueuePage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'pending';
  const queue = useWithdrawalQueue(status);
  const decide = useDecideWithdrawal();
  const { open, failure, start, close, run } = useQueueDecision<
    'pay' | 'reject',
    TConsoleWithdrawal,
    TWithdrawalDecision
  >(decide);
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];

  const w = open?.item;
  const summary = w ? (
    <Stack gap={4}>
      {failure ? (
        <Alert color="red" data-testid="decision-error">
          {failure}
        </Alert>
      ) : null}
      <Text size="sm">
        {w.client.name ?? w.client.mobile} (UID {w.client.uid})
      </Text>
      <Text fw={600}>{formatPaise(w.amount_paise)}</Text>
      <Text size="sm">
        To {w.bank_card.holder_name} · A/c <strong>{w.payout_account_number}</strong> · IFSC{' '}
        {w.bank_card.ifsc}
      </Text>
    </Stack>
  ) : null;

  return (
    <>
      <PageHeader
        title="Withdrawals"
        description={status === 'pending' ? 'Waiting for payment, oldest first' : 'Newest first'}
        actions={
          <Select
            aria-label="Status"
            data={WITHDRAWAL_FILTERS.map((s) => ({ value: s, label: s === 'all' ? 'All' : s }))}
            value={status}
            allowDeselect={false}
            onChange={(value) => setParams(value && value !== 'pending' ? { status: value } : {})}
            w={160}
          />
        }
      />
      <QueryState isPending={queue.isPending} error={queue.error}>
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Pay to</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="withdrawal-row">
                    <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
                    <Table.Td>
                      <ClientCell client={r.client} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatPaise(r.amount_paise)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.bank_card.holder_name}</Text>
                      <Text size="sm" ff="monospace">
                        {r.payout_account_number}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.bank_card.ifsc}
                        {r.bank_card.bank_name ? ` · ${r.bank_card.bank_name}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={r.status} />
                      {r.bank_reference ? (
                        <Text size="xs" c="dimmed">
                          Ref {r.bank_reference}
                        </Text>
                      ) : null}
                      {r.reason ? (
                        <Text size="xs" c="dimmed">
                          {r.reason}
                        </Text>
                      ) : null}
                      {r.decided_by ? (
                        <Text size="xs" c="dimmed">
                          {r.decided_by} · {formatDateTime(r.decided_at)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {r.status === 'pending' ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button size="compact-sm" color="teal" onClick={() => start('pay', r)}>
                            Mark paid
                          </Button>
                          <Button
                            size="compact-sm"
                            color="red"
                            variant="light"
                            onClick={() => start('reject', r)}
                          >
                            Reject
                          </Button>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 ? (
            <Text c="dimmed" p="md">
              {status === 'pending' ? 'No withdrawals waiting.' : 'No withdrawals.'}
            </Text>
          ) : null}
        </Card>
        <LoadMoreButton query={queue} />
      </QueryState>
      <PayModal
        key={open?.kind === 'pay' ? `pay-${open.item.id}` : 'pay'}
        opened={open?.kind === 'pay'}
        summary={summary}
        loading={decide.isPending}
        onClose={close}
        onPay={(bank_reference) => w && run(w, { action: 'pay', bank_reference })}
      />
      <RejectModal
        key={open?.kind === 'reject' ? `reject-${open.item.id}` : 'reject'}
        opened={open?.kind === 'reject'}
        title="Reject withdrawal"
        summary={
          <>
            {summary}
            <Text size="sm" c="dimmed">
              The amount on hold returns to the client&apos;s available cash.
            </Text>
          </>
        }
        loading={decide.isPending}
        onClose={close}
        onReject={(reason) => w && run(w, { action: 'reject', reason })}
      />
    </>
  );
}
