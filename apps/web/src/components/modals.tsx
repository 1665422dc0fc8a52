import { MODAL_WIDTH } from '@sampada/shared';
import { Box, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PointerEvent, ReactNode } from 'react';
import { t } from '../lib/i18n';

/**
 * A modal title that drags its modal: pointer down on it, move, release. The offset is
 * kept on the dialog element itself, so a second drag continues from where the first ended.
 */
export function DragHandle({ children }: { children: ReactNode }) {
  const start = (event: PointerEvent<HTMLDivElement>) => {
    const dialog = event.currentTarget.closest<HTMLElement>('[role="dialog"]');
    if (!dialog || event.button !== 0) return;
    const handle = event.currentTarget;
    handle.setPointerCapture?.(event.pointerId);
    const [x0, y0] = [Number(dialog.dataset.dragX ?? 0), Number(dialog.dataset.dragY ?? 0)];
    const [px, py] = [event.clientX, event.clientY];
    const move = (e: globalThis.PointerEvent) => {
      const [x, y] = [x0 + e.clientX - px, y0 + e.clientY - py];
      dialog.dataset.dragX = String(x);
      dialog.dataset.dragY = String(y);
      dialog.style.translate = `${x}px ${y}px`;
    };
    const stop = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', stop);
      handle.removeEventListener('pointercancel', stop);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', stop);
    handle.addEventListener('pointercancel', stop);
  };
  return (
    <Box
      onPointerDown={start}
      style={{ cursor: 'move', touchAction: 'none', userSelect: 'none' }}
      data-drag-handle
    >
      {children}
    </Box>
  );
}

/**
 * Mantine's modal stack (ModalsProvider with Modal, ScrollArea and floating-ui: about 15 kB
 * compressed) loads with the first modal, not with the first screen. The stack listens for
 * window events, so nothing may be sent before it is mounted: an open or close asked for
 * while it loads waits for it, in order. Root mounts the host (app/modals-host.tsx) once
 * `wanted`, and the host says `mounted()` once it listens.
 */
let hostState: 'none' | 'wanted' | 'ready' = 'none';
const hostListeners = new Set<() => void>();
let hostMounted = () => {};
const hostReady = new Promise<void>((resolve) => {
  hostMounted = resolve;
});

export const modalsHost = {
  subscribe(listener: () => void) {
    hostListeners.add(listener);
    return () => void hostListeners.delete(listener);
  },
  wanted: () => hostState !== 'none',
  mounted() {
    hostState = 'ready';
    hostMounted();
  },
};

function withHost(action: () => void) {
  if (hostState === 'ready') return action();
  if (hostState === 'none') {
    hostState = 'wanted';
    hostListeners.forEach((listener) => listener());
  }
  void hostReady.then(action);
}

/** A close before any modal was asked for has nothing to close: it does not load the stack. */
const closeWithHost = (action: () => void) => (hostState === 'none' ? undefined : withHost(action));

let confirmCount = 0;

export interface TOpenModal {
  /** Stack id: opening the same id again replaces nothing; close it with closeModal(id). */
  id: string;
  title: ReactNode;
  children: ReactNode;
  /** A held modal ignores backdrop clicks (spec §2). */
  hold?: boolean;
  /** The modal can be moved by dragging its header (spec §2). */
  draggable?: boolean;
  size?: string | number;
  onClose?: () => void;
}

/** Opens a modal on the shared stack (spec §2: ids, close one or all). */
export function openModal({
  id,
  title,
  children,
  hold = false,
  draggable = false,
  size = MODAL_WIDTH,
  onClose,
}: TOpenModal) {
  withHost(() => {
    modals.close(id);
    modals.open({
      modalId: id,
      title: draggable ? <DragHandle>{title}</DragHandle> : title,
      children,
      size,
      closeOnClickOutside: !hold,
      onClose,
    });
  });
  return id;
}

export const closeModal = (id: string) => closeWithHost(() => modals.close(id));
export const closeAllModals = () => closeWithHost(() => modals.closeAll());

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
  const modalId = `confirm-${++confirmCount}`;
  withHost(() =>
    modals.openConfirmModal({
      modalId,
      title: title ?? t('confirm.title'),
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: {
        confirm: confirmLabel ?? t('confirm.confirm'),
        cancel: cancelLabel ?? t('confirm.cancel'),
      },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm,
      onCancel,
    }),
  );
  return modalId;
}
