import { Alert, Anchor, Stack } from '@mantine/core';
import { mayAccess, type TSettlementBatch, ZSettlementReject } from '@sampada/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { ReasonModal } from '../../../components/reason-modal';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { type TBatchDecision, useDecideBatch, useSettlementBatch } from '../api/settlement';
import { formatSettlementDate } from '../components/batch-parts';
import { BatchDecision, BatchLineRow, BatchResume, BatchSummary } from './settlement-batch-parts';

/** One batch: its lines (what each client has, what is kept and why, the payout) and the checker's decision. */
export function SettlementBatchPage() {
  const { id = '' } = useParams();
  const batch = useSettlementBatch(id);
  return (
    <QueryState isPending={batch.isPending} error={batch.error}>
      {batch.data ? <BatchView batch={batch.data} /> : null}
    </QueryState>
  );
}

function BatchView({ batch }: { batch: TSettlementBatch }) {
  const current = useSession()?.staff;
  const decide = useDecideBatch();
  const [rejecting, setRejecting] = useState(false);
  const mayDecide = mayAccess(current?.roles ?? [], 'settlementDecide');
  // Maker-checker: the server refuses the preparer (409); the button says so before they try.
  const isPreparer = current?.email === batch.prepared_by;

  const run = (decision: TBatchDecision) =>
    decide.mutate(
      { id: batch.id, decision },
      {
        onSuccess: ({ message }) => {
          setRejecting(false);
          notifySuccess(message);
        },
        onError: () => setRejecting(false),
      },
    );

  return (
    <>
      <PageHeader
        title={`Settlement of ${formatSettlementDate(batch.date)}`}
        description="Times are in IST (Asia/Kolkata)"
        actions={
          <Anchor component={Link} to={paths.settlement} size="sm">
            All batches
          </Anchor>
        }
      />
      <Stack>
        <BatchSummary batch={batch} />

        {batch.status === 'prepared' && mayDecide ? (
          <BatchDecision
            isPreparer={isPreparer}
            approving={decide.isPending && !rejecting}
            onApprove={() => run({ action: 'approve' })}
            onReject={() => setRejecting(true)}
          />
        ) : null}
        {batch.status === 'approved' && mayDecide ? (
          <BatchResume resuming={decide.isPending} onResume={() => run({ action: 'resume' })} />
        ) : null}
        {decide.error ? (
          <Alert color="red" data-testid="decide-error">
            {decide.error.message}
          </Alert>
        ) : null}

        <ListTable
          minWidth={1000}
          columns={[
            'Client',
            { label: 'Available', right: true },
            { label: 'On hold', right: true },
            'Retained',
            { label: 'Payout', right: true },
            'Outcome',
          ]}
          empty={batch.lines.length === 0 ? 'No client was due on this date.' : undefined}
        >
          {batch.lines.map((line) => (
            <BatchLineRow key={line.id} line={line} />
          ))}
        </ListTable>
      </Stack>
      <ReasonModal
        key={rejecting ? 'open' : 'closed'}
        title="Reject batch"
        description="Recorded in the audit log; nothing is paid and the date may be prepared again."
        schema={ZSettlementReject}
        opened={rejecting}
        loading={decide.isPending}
        onClose={() => setRejecting(false)}
        onReject={(reason) => run({ action: 'reject', reason })}
      />
    </>
  );
}
