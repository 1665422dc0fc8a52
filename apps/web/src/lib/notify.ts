import { TOAST_DURATION_MS, type TOAST_POSITIONS } from '@sampada/shared';
import { notifications, notificationsStore } from '@mantine/notifications';
import { translateMessage, type TCodedMessage } from './i18n';

export type TToastType = 'success' | 'error' | 'info' | 'warning' | 'loading' | 'default';
export type TToastPosition = (typeof TOAST_POSITIONS)[number];

export interface TToastOptions {
  type?: TToastType;
  title?: string;
  message: string | TCodedMessage;
  /** ms; 0 or less keeps the toast until it is closed (spec §9). Default 3000. */
  duration?: number;
  position?: TToastPosition;
  id?: string;
}

const COLORS: Record<TToastType, string | undefined> = {
  success: 'teal',
  error: 'red',
  info: 'blue',
  warning: 'orange',
  loading: undefined,
  default: undefined,
};

/** Shows a toast (spec §3 Toast: type, duration, position); hovering pauses its timer. */
export function toast({
  type = 'default',
  title,
  message,
  duration = TOAST_DURATION_MS,
  position,
  id,
}: TToastOptions): string {
  return notifications.show({
    id,
    title: title ? translateMessage(title) : undefined,
    message: translateMessage(message),
    color: COLORS[type],
    loading: type === 'loading',
    autoClose: duration > 0 ? duration : false,
    position,
    'data-toast-type': type,
  });
}

/** Hides the toasts whose id starts with one of `prefixes`: what a list just opened shows. */
export function hideToastsOf(...prefixes: string[]): void {
  for (const { id } of notificationsStore.getState().notifications)
    if (id && prefixes.some((prefix) => id.startsWith(prefix))) notifications.hide(id);
}

export const toastSuccess = (message: string, title?: string) =>
  toast({ type: 'success', message, title });
export const toastError = (message: string | TCodedMessage, title?: string) =>
  toast({ type: 'error', message, title });
