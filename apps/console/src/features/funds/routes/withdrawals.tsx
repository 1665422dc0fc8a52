import { Text } from '@mantine/core';
import type { TConsoleWithdrawal } from '@sampada/shared';
import {
  pendingDecisionColumn,
  amountColumn,
  clientColumn,
  decidedColumn,
  whenColumn,
} from '../../../components/queue-columns';
import { QueuePage, type TQueueColumn, useQueueStatus } from '../../../components/queue-page';
import { useQueueDecision } from '../../../lib/queue-decision';
import { DecisionSummary } from '../../../components/queue-parts';
import {
  type TWithdrawalDecision,
  useDecideWithdrawal,
  useWithdrawalQueue,
  WITHDRAWAL_FILTERS,
} from '../api/funds';
import { PayModal, RejectModal } from '../components/decision-modals';

/** Withdrawals on hold waiting for payment: pay them from the bank, then record the reference. */
export function WithdrawalsQueuePage() {
  const statusFilter = useQueueStatus(WITHDRAWAL_FILTERS, 'pending');
  const queue = useWithdrawalQueue(statusFilter.status);
  const decide = useDecideWithdrawal();
  const { open, failure, start, close, run } = useQueueDecision<
    'pay' | 'reject',
    TConsoleWithdrawal,
    TWithdrawalDecision
  >(decide);

  const w = open?.item;
  const summary = w ? (
    <DecisionSummary failure={failure} client={w.client} amountPaise={w.amount_paise}>
      To {w.bank_card.holder_name} · A/c <strong>{w.payout_account_number}</strong> · IFSC{' '}
      {w.bank_card.ifsc}
    </DecisionSummary>
  ) : null;

  const columns: TQueueColumn<TConsoleWithdrawal>[] = [
    whenColumn('Requested'),
    clientColumn(),
    amountColumn('Amount', (r) => r.amount_paise),
    {
      head: 'Pay to',
      cell: (r) => <PayToCell withdrawal={r} />,
    },
    decidedColumn((r) =>
      r.bank_reference ? (
        <Text size="xs" c="dimmed">
          Ref {r.bank_reference}
        </Text>
      ) : null,
    ),
    pendingDecisionColumn(
      'Mark paid',
      (r) => start('pay', r),
      (r) => start('reject', r),
    ),
  ];

  return (
    <QueuePage
      title="Withdrawals"
      statusFilter={statusFilter}
      description={{ waiting: 'Waiting for payment, oldest first' }}
      empty={{ waiting: 'No withdrawals waiting.', other: 'No withdrawals.' }}
      query={queue}
      minWidth={900}
      rowTestId="withdrawal-row"
      columns={columns}
    >
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
    </QueuePage>
  );
}

/** The account the money goes to. */
function PayToCell({ withdrawal: r }: { withdrawal: TConsoleWithdrawal }) {
  return (
    <>
      <Text size="sm">{r.bank_card.holder_name}</Text>
      <Text size="sm" ff="monospace">
        {r.payout_account_number}
      </Text>
      <Text size="xs" c="dimmed">
        {r.bank_card.ifsc}
        {r.bank_card.bank_name ? ` · ${r.bank_card.bank_name}` : ''}
      </Text>
    </>
  );
}
