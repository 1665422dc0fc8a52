import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Asks before an action that cannot be undone (closing an offering, listing an issue). */
export const confirmAction = ({
  title,
  body,
  confirmLabel,
  cancelLabel = 'Cancel',
  color = 'red',
  onConfirm,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel?: string;
  color?: string;
  onConfirm: () => void;
}) =>
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{body}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color, 'data-testid': 'action-confirm' } as Record<string, string>,
    onConfirm,
  });
