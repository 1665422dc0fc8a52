import { MODAL_WIDTH } from '@sampada/shared';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { t } from '../lib/i18n';

export interface TOpenModal {
  /** Stack id: opening the same id again replaces nothing; close it with closeModal(id). */
  id: string;
  title: ReactNode;
  children: ReactNode;
  /** A held modal ignores backdrop clicks (spec §2). */
  hold?: boolean;
  size?: string | number;
  onClose?: () => void;
}

/** Opens a modal on the shared stack (spec §2: ids, close one or all). */
export function openModal({
  id,
  title,
  children,
  hold = false,
  size = MODAL_WIDTH,
  onClose,
}: TOpenModal) {
  modals.close(id);
  return modals.open({ modalId: id, title, children, size, closeOnClickOutside: !hold, onClose });
}

export const closeModal = (id: string) => modals.close(id);
export const closeAllModals = () => modals.closeAll();

export interface TConfirm {
  message: ReactNode;
  title?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  danger?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}

/** Confirm dialog with the spec's defaults: title Confirm, buttons Confirm and Cancel. */
export function openConfirm({
  message,
  title,
  confirmLabel,
  cancelLabel,
  danger,
  onConfirm,
  onCancel,
}: TConfirm) {
  return modals.openConfirmModal({
    title: title ?? t('confirm.title'),
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: {
      confirm: confirmLabel ?? t('confirm.confirm'),
      cancel: cancelLabel ?? t('confirm.cancel'),
    },
    confirmProps: danger ? { color: 'red' } : undefined,
    onConfirm,
    onCancel,
  });
}
