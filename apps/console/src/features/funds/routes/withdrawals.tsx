import { Stack, Table, Text } from '@mantine/core';
import { formatPaise, type TConsoleWithdrawal } from '@sampada/shared';
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
  type TWithdrawalDecision,
  useDecideWithdrawal,
  useWithdrawalQueue,
  WITHDRAWAL_FILTERS,
} from '../api/funds';
import { ClientCell } from '../components/client-cell';
import { PayModal, RejectModal } from '../components/decision-modals';
import { ListTable } from '../../../components/list-table';

/** Withdrawals on hold waiting for payment: pay them from the bank, then record the reference. */
export function WithdrawalsQueuePage() {
  const [status, setStatus] = useStatusParam('pending');
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
      <DecisionFailure failure={failure} />
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
        actions={<StatusFilter filters={WITHDRAWAL_FILTERS} value={status} onChange={setStatus} />}
      />
      <QueryState isPending={queue.isPending} error={queue.error}>
        <ListTable
          minWidth={900}
          columns={[
            'Requested',
            'Client',
            { label: 'Amount', right: true },
            'Pay to',
            'Status',
            '',
          ]}
          empty={
            rows.length === 0
              ? status === 'pending'
                ? 'No withdrawals waiting.'
                : 'No withdrawals.'
              : null
          }
          highlightOnHover
          verticalSpacing="sm"
        >
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
                <DecidedStatus
                  status={r.status}
                  reason={r.reason}
                  decidedBy={r.decided_by}
                  decidedAt={r.decided_at}
                >
                  {r.bank_reference ? (
                    <Text size="xs" c="dimmed">
                      Ref {r.bank_reference}
                    </Text>
                  ) : null}
                </DecidedStatus>
              </Table.Td>
              <Table.Td>
                {r.status === 'pending' ? (
                  <DecisionButtons
                    approve={{ label: 'Mark paid', onClick: () => start('pay', r) }}
                    reject={{ onClick: () => start('reject', r) }}
                  />
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
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
