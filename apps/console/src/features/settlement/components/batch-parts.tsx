import { Badge, Text } from '@mantine/core';
import type { TSettlementBatchStatus, TSettlementLineStatus } from '@sampada/shared';
import { formatDateTime, formatIstDay } from '../../../lib/format';

/** '2026-11-06' → '6 Nov 2026': a settlement date is an IST calendar day, not an instant. */
export const formatSettlementDate = formatIstDay;

const BATCH_COLOURS: Record<TSettlementBatchStatus, string> = {
  prepared: 'yellow',
  approved: 'blue',
  paid: 'teal',
  rejected: 'red',
};
const BATCH_LABELS: Record<TSettlementBatchStatus, string> = {
  prepared: 'Awaiting approval',
  approved: 'Approved, paying',
  paid: 'Paid',
  rejected: 'Rejected',
};

export function BatchStatusBadge({ status }: { status: TSettlementBatchStatus }) {
  return (
    <Badge variant="light" color={BATCH_COLOURS[status]}>
      {BATCH_LABELS[status]}
    </Badge>
  );
}

const LINE_LABELS: Record<TSettlementLineStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  nothing: 'Nothing to pay',
  no_bank_account: 'No bank account',
};
const LINE_COLOURS: Record<TSettlementLineStatus, string> = {
  pending: 'gray',
  paid: 'teal',
  nothing: 'gray',
  no_bank_account: 'orange',
};

export function LineStatusBadge({ status }: { status: TSettlementLineStatus }) {
  return (
    <Badge variant="light" color={LINE_COLOURS[status]}>
      {LINE_LABELS[status]}
    </Badge>
  );
}

/** Who did a step and when, in IST: the maker's and the checker's columns. */
export function OfficerCell({ email, at }: { email: string | null; at: string | null }) {
  if (!email) return <Text size="sm">—</Text>;
  return (
    <>
      <Text size="sm">{email}</Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(at)}
      </Text>
    </>
  );
}
