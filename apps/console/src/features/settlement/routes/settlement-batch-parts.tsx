import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import {
  formatPaise,
  NO_TRADE_DAYS,
  RETENTION_LABELS,
  SETTLEMENT_MSG,
  type TSettlementBatch,
} from '@sampada/shared';
import { DetailRow } from '../../../components/detail-row';
import { formatDateTime } from '../../../lib/format';
import { BatchStatusBadge, LineStatusBadge, OfficerCell } from '../components/batch-parts';

/** Who prepared and decided the batch, and what it pays. */
export function BatchSummary({ batch }: { batch: TSettlementBatch }) {
  return (
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
        {batch.reject_reason ? <DetailRow label="Reason">{batch.reject_reason}</DetailRow> : null}
        <DetailRow label="Clients">{batch.clients}</DetailRow>
        <DetailRow label="Payout">{formatPaise(batch.payout_paise)}</DetailRow>
        <DetailRow label="Paid">{formatPaise(batch.paid_paise)}</DetailRow>
      </Stack>
    </Card>
  );
}

/** The checker's buttons; the preparer is told why Approve is off. */
export function BatchDecision({
  isPreparer,
  approving,
  onApprove,
  onReject,
}: {
  isPreparer: boolean;
  approving: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Stack gap="xs">
      <Group>
        <Button color="teal" disabled={isPreparer} loading={approving} onClick={onApprove}>
          Approve and pay
        </Button>
        <Button color="red" variant="light" onClick={onReject}>
          Reject
        </Button>
      </Group>
      {isPreparer ? (
        <Text size="sm" c="dimmed" data-testid="same-officer">
          {SETTLEMENT_MSG.sameOfficer}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * An approved batch that is not paid stopped part-way (the approval committed, the payouts did
 * not all post): an officer pays what is still pending.
 */
export function BatchResume({ resuming, onResume }: { resuming: boolean; onResume: () => void }) {
  return (
    <Stack gap="xs" data-testid="batch-resume">
      <Text size="sm">
        This batch was approved but its payouts stopped part-way. Resuming pays only the lines still
        pending; lines already paid are not paid again.
      </Text>
      <Group>
        <Button color="teal" loading={resuming} onClick={onResume}>
          Resume payouts
        </Button>
      </Group>
    </Stack>
  );
}

/** One client's line: what they have, what is kept and why, and the payout. */
export function BatchLineRow({ line }: { line: TSettlementBatch['lines'][number] }) {
  return (
    <Table.Tr data-testid="line-row">
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
  );
}
