import { Alert, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { formatPaise, type TConsoleDeposit } from '@sampada/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/kyc-status-badge';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useQueueDecision } from '../../../lib/queue-decision';
import {
  DEPOSIT_FILTERS,
  type TDepositDecision,
  useDecideDeposit,
  useDepositQueue,
} from '../api/funds';
import { ClientCell } from '../components/client-cell';
import { ConfirmModal, RejectModal } from '../components/decision-modals';
import { ReceiptViewer } from '../components/receipt-viewer';

/** Deposits waiting for operations (oldest first), or any other status (newest first). */
export function DepositsQueuePage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'pending';
  const queue = useDepositQueue(status);
  const decide = useDecideDeposit();
  const { open, failure, start, close, run } = useQueueDecision<
    'confirm' | 'reject',
    TConsoleDeposit,
    TDepositDecision
  >(decide);
  const [receipt, setReceipt] = useState<string | null>(null);
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];

  const summary = open ? (
    <Stack gap={4}>
      {failure ? (
        <Alert color="red" data-testid="decision-error">
          {failure}
        </Alert>
      ) : null}
      <Text size="sm">
        {open.item.client.name ?? open.item.client.mobile} (UID {open.item.client.uid})
      </Text>
      <Text fw={600}>{formatPaise(open.item.amount_paise)}</Text>
      <Text size="sm">
        {open.item.method} · UTR <strong>{open.item.utr}</strong>
      </Text>
    </Stack>
  ) : null;

  return (
    <>
      <PageHeader
        title="Deposits"
        description={
          status === 'pending' ? 'Waiting for confirmation, oldest first' : 'Newest first'
        }
        actions={
          <Select
            aria-label="Status"
            data={DEPOSIT_FILTERS.map((s) => ({ value: s, label: s === 'all' ? 'All' : s }))}
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
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>UTR</Table.Th>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id} data-testid="deposit-row">
                    <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
                    <Table.Td>
                      <ClientCell client={d.client} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatPaise(d.amount_paise)}
                    </Table.Td>
                    <Table.Td>{d.method}</Table.Td>
                    <Table.Td ff="monospace">{d.utr}</Table.Td>
                    <Table.Td>
                      {d.receipt_url ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setReceipt(d.receipt_url)}
                        >
                          View
                        </Button>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={d.status} />
                      {d.reason ? (
                        <Text size="xs" c="dimmed">
                          {d.reason}
                        </Text>
                      ) : null}
                      {d.decided_by ? (
                        <Text size="xs" c="dimmed">
                          {d.decided_by} · {formatDateTime(d.decided_at)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {d.status === 'pending' ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            color="teal"
                            onClick={() => start('confirm', d)}
                          >
                            Confirm
                          </Button>
                          <Button
                            size="compact-sm"
                            color="red"
                            variant="light"
                            onClick={() => start('reject', d)}
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
              {status === 'pending' ? 'No deposits waiting.' : 'No deposits.'}
            </Text>
          ) : null}
        </Card>
        <LoadMoreButton query={queue} />
      </QueryState>
      <ConfirmModal
        opened={open?.kind === 'confirm'}
        summary={summary}
        loading={decide.isPending}
        onClose={close}
        onConfirm={() => open && run(open.item, { action: 'confirm' })}
      />
      <RejectModal
        key={open?.kind === 'reject' ? open.item.id : 'none'}
        opened={open?.kind === 'reject'}
        title="Reject deposit"
        summary={summary}
        loading={decide.isPending}
        onClose={close}
        onReject={(reason) => open && run(open.item, { action: 'reject', reason })}
      />
      <ReceiptViewer url={receipt} onClose={() => setReceipt(null)} />
    </>
  );
}
