import { Button, Stack, Table, Text } from '@mantine/core';
import { formatPaise, type TConsoleDeposit } from '@sampada/shared';
import { useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useQueueDecision } from '../../../lib/queue-decision';
import {
  DecidedStatus,
  DecisionButtons,
  DecisionFailure,
  StatusFilter,
  useStatusParam,
} from '../../../components/queue-parts';
import {
  DEPOSIT_FILTERS,
  type TDepositDecision,
  useDecideDeposit,
  useDepositQueue,
} from '../api/funds';
import { ClientCell } from '../components/client-cell';
import { ConfirmModal, RejectModal } from '../components/decision-modals';
import { ReceiptViewer } from '../components/receipt-viewer';
import { ListTable } from '../../../components/list-table';

/** Deposits waiting for operations (oldest first), or any other status (newest first). */
export function DepositsQueuePage() {
  const [status, setStatus] = useStatusParam('pending');
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
      <DecisionFailure failure={failure} />
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
        actions={<StatusFilter filters={DEPOSIT_FILTERS} value={status} onChange={setStatus} />}
      />
      <QueryState isPending={queue.isPending} error={queue.error}>
        <ListTable
          minWidth={900}
          columns={[
            'Submitted',
            'Client',
            { label: 'Amount', right: true },
            'Method',
            'UTR',
            'Receipt',
            'Status',
            '',
          ]}
          empty={
            rows.length === 0
              ? status === 'pending'
                ? 'No deposits waiting.'
                : 'No deposits.'
              : null
          }
          highlightOnHover
          verticalSpacing="sm"
        >
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
                <DecidedStatus
                  status={d.status}
                  reason={d.reason}
                  decidedBy={d.decided_by}
                  decidedAt={d.decided_at}
                />
              </Table.Td>
              <Table.Td>
                {d.status === 'pending' ? (
                  <DecisionButtons
                    approve={{ label: 'Confirm', onClick: () => start('confirm', d) }}
                    reject={{ onClick: () => start('reject', d) }}
                  />
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
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
