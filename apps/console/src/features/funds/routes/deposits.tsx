import { Button } from '@mantine/core';
import { mayAccess, type TConsoleDeposit } from '@sampada/shared';
import { useState } from 'react';
import {
  pendingDecisionColumn,
  amountColumn,
  clientColumn,
  decidedColumn,
  whenColumn,
} from '../../../components/queue-columns';
import { QueuePage, type TQueueColumn, useQueueStatus } from '../../../components/queue-page';
import { useQueueDecision } from '../../../lib/queue-decision';
import { useSession } from '../../../lib/session';
import { DecisionSummary } from '../../../components/queue-parts';
import {
  DEPOSIT_FILTERS,
  type TDepositDecision,
  useDecideDeposit,
  useDepositQueue,
} from '../api/funds';
import { BankStatementAction } from '../components/bank-statement-modal';
import { ConfirmModal, RejectModal } from '../components/decision-modals';
import { ReceiptViewer } from '../components/receipt-viewer';

/** Deposits waiting for operations (oldest first), or any other status (newest first). */
export function DepositsQueuePage() {
  const statusFilter = useQueueStatus(DEPOSIT_FILTERS, 'pending');
  const queue = useDepositQueue(statusFilter.status);
  const decide = useDecideDeposit();
  const { open, failure, start, close, run } = useQueueDecision<
    'confirm' | 'reject',
    TConsoleDeposit,
    TDepositDecision
  >(decide);
  const [receipt, setReceipt] = useState<string | null>(null);
  // Matching confirms deposits: shown only to the roles the route's guard lets confirm.
  const mayConfirm = mayAccess(useSession()?.staff.roles, 'deposits');

  const summary = open ? (
    <DecisionSummary
      failure={failure}
      client={open.item.client}
      amountPaise={open.item.amount_paise}
    >
      {open.item.method} · UTR <strong>{open.item.utr}</strong>
    </DecisionSummary>
  ) : null;

  const columns: TQueueColumn<TConsoleDeposit>[] = [
    whenColumn('Submitted'),
    clientColumn(),
    amountColumn('Amount', (d) => d.amount_paise),
    { head: 'Method', cell: (d) => d.method },
    { head: 'UTR', cell: (d) => d.utr, td: { ff: 'monospace' } },
    {
      head: 'Receipt',
      cell: (d) =>
        d.receipt_url ? (
          <Button size="compact-sm" variant="subtle" onClick={() => setReceipt(d.receipt_url)}>
            View
          </Button>
        ) : (
          '—'
        ),
    },
    decidedColumn(),
    pendingDecisionColumn(
      'Confirm',
      (d) => start('confirm', d),
      (d) => start('reject', d),
    ),
  ];

  return (
    <QueuePage
      title="Deposits"
      statusFilter={statusFilter}
      description={{ waiting: 'Waiting for confirmation, oldest first' }}
      empty={{ waiting: 'No deposits waiting.', other: 'No deposits.' }}
      actions={mayConfirm ? <BankStatementAction /> : null}
      query={queue}
      minWidth={900}
      rowTestId="deposit-row"
      columns={columns}
    >
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
    </QueuePage>
  );
}
