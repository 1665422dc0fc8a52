import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  unverified: 'gray',
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  reopened: 'blue',
  active: 'teal',
  used: 'gray',
  expired: 'orange',
  revoked: 'red',
  verified: 'blue',
  replaced: 'gray',
  exhausted: 'red',
  confirmed: 'teal',
  paid: 'teal',
  cancelled: 'gray',
};

/** One badge for every status word the console shows (KYC, codes, deposits, withdrawals). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" data-status={status}>
      {status}
    </Badge>
  );
}
