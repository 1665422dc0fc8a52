import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { formatPaise } from '@sampada/shared';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime, humanise } from '../lib/format';
import { StatusBadge } from './kyc-status-badge';

/**
 * The pieces of a review queue (deposits, withdrawals, the trading desk): the status filter,
 * the decision buttons of a row, what was decided, and the last failure in a decision dialog.
 */

/** The queue's status from the address (`?status=`), the default one when absent. */
export function useStatusParam<TStatus extends string>(fallback: TStatus) {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? fallback) as TStatus;
  const setStatus = (value: string | null) =>
    setParams(value && value !== fallback ? { status: value } : {});
  return [status, setStatus] as const;
}

/** Which statuses the queue lists ('all' reads All). */
export function StatusFilter<TStatus extends string>({
  filters,
  value,
  onChange,
  labelOf = humanise,
  width = 160,
  testId,
}: {
  filters: readonly TStatus[];
  value: TStatus;
  onChange: (value: string | null) => void;
  labelOf?: (status: TStatus) => string;
  width?: number;
  testId?: string;
}) {
  return (
    <Select
      aria-label="Status"
      data={filters.map((s) => ({ value: s, label: s === 'all' ? 'All' : labelOf(s) }))}
      value={value}
      allowDeselect={false}
      onChange={onChange}
      w={width}
      data-testid={testId}
    />
  );
}

interface TDecisionButton {
  label: string;
  onClick: () => void;
  testId?: string;
}

/** A pending row's two decisions: the one that goes ahead, and Reject. */
export function DecisionButtons({
  approve,
  reject,
  justify,
}: {
  approve: TDecisionButton;
  reject: Omit<TDecisionButton, 'label'>;
  justify?: 'flex-end';
}) {
  return (
    <Group gap="xs" wrap="nowrap" justify={justify}>
      <Button size="compact-sm" color="teal" onClick={approve.onClick} data-testid={approve.testId}>
        {approve.label}
      </Button>
      <Button
        size="compact-sm"
        color="red"
        variant="light"
        onClick={reject.onClick}
        data-testid={reject.testId}
      >
        Reject
      </Button>
    </Group>
  );
}

/** A row's status with the reason given and who decided when, and any detail between. */
export function DecidedStatus({
  status,
  reason,
  decidedBy,
  decidedAt,
  children,
}: {
  status: string;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  children?: ReactNode;
}) {
  return (
    <>
      <StatusBadge status={status} />
      {children}
      {reason ? (
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      ) : null}
      {decidedBy ? (
        <Text size="xs" c="dimmed">
          {decidedBy} · {formatDateTime(decidedAt)}
        </Text>
      ) : null}
    </>
  );
}

/** The server's message when the last decision failed, on top of the dialog. */
export function DecisionFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <Alert color="red" data-testid="decision-error">
      {failure}
    </Alert>
  ) : null;
}

/**
 * On top of a decision dialog: the last failure, whose money (name or mobile, UID) and how
 * much, then the row's own particulars (`children`).
 */
export function DecisionSummary({
  failure,
  client,
  amountPaise,
  children,
}: {
  failure: string | null;
  client: { uid: string; name: string | null; mobile: string };
  amountPaise: number;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <DecisionFailure failure={failure} />
      <Text size="sm">
        {client.name ?? client.mobile} (UID {client.uid})
      </Text>
      <Text fw={600}>{formatPaise(amountPaise)}</Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}
