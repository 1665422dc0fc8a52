import { Alert, Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import {
  formatPaise,
  mayAccess,
  NO_TRADE_DAYS,
  RETENTION_LABELS,
  SETTLEMENT_MSG,
  type TSettlementBatch,
  ZSettlementReject,
} from '@sampada/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailRow } from '../../../components/detail-row';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { type TBatchDecision, useDecideBatch, useSettlementBatch } from '../api/settlement';
import {
  BatchStatusBadge,
  formatSettlementDate,
  LineStatusBadge,
  OfficerCell,
} from '../components/batch-parts';
import { ReasonModal } from '../../../components/reason-modal';

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
        <Card withBorder maw={560}>
          <Stack gap={4} data-testid="batch-summary">
            <DetailRow label="Status">
              <BatchStatusBadge status={batch.status} />
            </DetailRow>
            <DetailRow label="Prepared by">
              <OfficerCell email={batch.prepared_by} at={batch.prepared_at} />
            </DetailRow>
            <DetailRow label="Decided by">
              <OfficerCell email={batch.decided_by} at={batch.decided_at} />
            </DetailRow>
            {batch.reject_reason ? (
              <DetailRow label="Reason">{batch.reject_reason}</DetailRow>
            ) : null}
            <DetailRow label="Clients">{batch.clients}</DetailRow>
            <DetailRow label="Payout">{formatPaise(batch.payout_paise)}</DetailRow>
            <DetailRow label="Paid">{formatPaise(batch.paid_paise)}</DetailRow>
          </Stack>
        </Card>

        {batch.status === 'prepared' && mayDecide ? (
          <Stack gap="xs">
            <Group>
              <Button
                color="teal"
                disabled={isPreparer}
                loading={decide.isPending && !rejecting}
                onClick={() => run({ action: 'approve' })}
              >
                Approve and pay
              </Button>
              <Button color="red" variant="light" onClick={() => setRejecting(true)}>
                Reject
              </Button>
            </Group>
            {isPreparer ? (
              <Text size="sm" c="dimmed" data-testid="same-officer">
                {SETTLEMENT_MSG.sameOfficer}
              </Text>
            ) : null}
          </Stack>
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
            <Table.Tr key={line.id} data-testid="line-row">
              <Table.Td>
                <Text size="sm">{line.client_name ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {line.client_uid} · {line.cycle}
                  {line.no_recent_trade ? ` · no trade for ${NO_TRADE_DAYS} days` : ''}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatPaise(line.cash_available_paise)}</Table.Td>
              <Table.Td ta="right">{formatPaise(line.cash_on_hold_paise)}</Table.Td>
              <Table.Td>
                {line.retained.length === 0 ? (
                  <Text size="sm">—</Text>
                ) : (
                  line.retained.map((r) => (
                    <Text size="xs" key={r.kind}>
                      {formatPaise(r.amount_paise)} · {RETENTION_LABELS[r.kind]}
                    </Text>
                  ))
                )}
              </Table.Td>
              <Table.Td ta="right">
                {formatPaise(line.payout_paise)}
                {line.paid_paise !== null && line.paid_paise !== line.payout_paise ? (
                  <Text size="xs" c="dimmed">
                    Paid {formatPaise(line.paid_paise)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <LineStatusBadge status={line.status} />
                {line.bank_account ? (
                  <Text size="xs" c="dimmed">
                    {line.bank_account}
                  </Text>
                ) : null}
                {line.settled_at ? (
                  <Text size="xs" c="dimmed">
                    {formatDateTime(line.settled_at)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
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
