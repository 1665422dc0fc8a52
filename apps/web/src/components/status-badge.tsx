import { Badge } from '@mantine/core';
import { registerTranslations, t } from '../lib/i18n';

/** The money-status namespace's strings: the shape of every translation. */
export const moneyStatusEnUS = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  paid: 'Paid',
};
registerTranslations('money-status', {
  'en-US': moneyStatusEnUS,
  'hi-IN': () => import('./status-badge.hi-IN'),
});

const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  confirmed: 'teal',
  paid: 'teal',
  rejected: 'red',
  cancelled: 'gray',
};

/**
 * A deposit's or withdrawal's status. It keeps its width beside a long line (a reason, a
 * bank's name): on a phone it shrank to "RE…".
 */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      data-testid="funds-status"
      style={{ flexShrink: 0 }}
    >
      {t(`money-status:${status}`, { defaultValue: status })}
    </Badge>
  );
}
