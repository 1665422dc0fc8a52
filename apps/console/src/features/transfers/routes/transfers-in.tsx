import { Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { mayAccess, type TConsoleTransferIn, ZTransferInReject } from '@sampada/shared';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import {
  DecidedStatus,
  DecisionButtons,
  DecisionFailure,
  StatusFilter,
  useStatusParam,
} from '../../../components/queue-parts';
import { ReasonModal } from '../../../components/reason-modal';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useQueueDecision } from '../../../lib/queue-decision';
import { useSession } from '../../../lib/session';
import {
  type TTransferDecision,
  type TTransferFilter,
  useDecideTransferIn,
  useTransfersIn,
} from '../api';
import { TransferLots } from '../components/transfer-lots';

const FILTERS = ['pending', 'confirmed', 'rejected', 'all'] as const satisfies TTransferFilter[];

/**
 * Shares transferred in from other brokers: the pending requests first. Operations confirm one
 * once the depository shows the credit — the lots then reach the client's holdings with their
 * original dates and costs — or reject it with the reason the client reads.
 */
export function TransfersInPage() {
  const [status, setStatus] = useStatusParam<TTransferFilter>('pending');
  const query = useTransfersIn();
  const mayDecide = mayAccess(useSession()?.staff?.roles, 'transfersIn');
  const decide = useDecideTransferIn();
  const decision = useQueueDecision<'confirm' | 'reject', TConsoleTransferIn, TTransferDecision>(
    decide,
  );
  const all = query.data?.items ?? [];
  const rows = status === 'all' ? all : all.filter((t) => t.status === status);
  const open = decision.open;
  return (
    <Stack gap={0} data-testid="transfers-in">
      <PageHeader
        title="Transfers in"
        description="Shares a client moves from another broker, from that broker's tradebook. Confirm once the depository has credited them."
        actions={
          <StatusFilter
            filters={FILTERS}
            value={status}
            onChange={setStatus}
            width={180}
            testId="transfer-status"
          />
        }
      />
      <QueryState isPending={query.isPending} error={query.error}>
        <ListTable
          minWidth={900}
          columns={['Client and file', 'Lots (cost, bought on IST)', 'Status', '']}
          empty={rows.length === 0 ? emptyText(status) : null}
          verticalSpacing="sm"
        >
          {rows.map((transfer) => (
            <TransferRow
              key={transfer.id}
              transfer={transfer}
              mayDecide={mayDecide}
              onDecide={(kind) => decision.start(kind, transfer)}
            />
          ))}
        </ListTable>
      </QueryState>
      <ConfirmTransferModal
        transfer={open?.kind === 'confirm' ? open.item : null}
        failure={decision.failure}
        loading={decide.isPending}
        onClose={decision.close}
        onConfirm={() => open && decision.run(open.item, { action: 'confirm' })}
      />
      {open?.kind === 'reject' ? (
        <ReasonModal
          key={open.item.id}
          opened
          title="Reject transfer"
          description="The client reads it."
          schema={ZTransferInReject}
          maxLength={500}
          summary={<DecisionFailure failure={decision.failure} />}
          loading={decide.isPending}
          onClose={decision.close}
          onReject={(reason) => decision.run(open.item, { action: 'reject', reason })}
        />
      ) : null}
    </Stack>
  );
}

const emptyText = (status: TTransferFilter) =>
  status === 'pending'
    ? 'No transfer awaits confirmation.'
    : status === 'all'
      ? 'No transfers in on record.'
      : `No ${status} transfers.`;

function TransferRow({
  transfer,
  mayDecide,
  onDecide,
}: {
  transfer: TConsoleTransferIn;
  mayDecide: boolean;
  onDecide: (kind: 'confirm' | 'reject') => void;
}) {
  return (
    <Table.Tr data-testid="transfer-row">
      <Table.Td>
        <Anchor component={Link} to={paths.client(transfer.client_id)} size="sm">
          {transfer.client.name ?? transfer.client.mobile} (UID {transfer.client.uid})
        </Anchor>
        <Text size="sm">{transfer.file_name}</Text>
        <Text size="xs" c="dimmed">
          {transfer.trade_count} trades · requested {formatDateTime(transfer.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <TransferLots transfer={transfer} />
      </Table.Td>
      <Table.Td>
        <DecidedStatus
          status={transfer.status}
          reason={transfer.reject_reason}
          decidedBy={null}
          decidedAt={transfer.decided_at}
        />
        {transfer.decided_at ? (
          <Text size="xs" c="dimmed">
            {formatDateTime(transfer.decided_at)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {mayDecide && transfer.status === 'pending' ? (
          <DecisionButtons
            justify="flex-end"
            approve={{
              label: 'Confirm',
              onClick: () => onDecide('confirm'),
              testId: 'transfer-confirm',
            }}
            reject={{ onClick: () => onDecide('reject'), testId: 'transfer-reject' }}
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** Confirming: the lots once more, and what confirming does. */
function ConfirmTransferModal({
  transfer,
  failure,
  loading,
  onClose,
  onConfirm,
}: {
  transfer: TConsoleTransferIn | null;
  failure: string | null;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  if (!transfer) return null;
  return (
    <Modal opened onClose={onClose} title="Confirm transfer in" size="lg">
      <Stack>
        <DecisionFailure failure={failure} />
        <Text size="sm">
          {transfer.client.name ?? transfer.client.mobile} (UID {transfer.client.uid})
        </Text>
        <TransferLots transfer={transfer} />
        <Text size="sm" fw={500}>
          Confirm only when the depository shows these shares credited to the client&apos;s demat
          account. They reach the client&apos;s holdings at once, each lot with its original date
          and cost; no money moves.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="teal"
            loading={loading}
            onClick={onConfirm}
            data-testid="transfer-confirm-submit"
          >
            Confirm transfer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
