import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from './notify';

/**
 * The decision dialogs of a review queue (deposits, withdrawals, the trading desk): which
 * dialog is open and for which item, and the server's message when the last attempt failed.
 * Opening a dialog forgets the last failure; a decision that succeeds is announced and closes
 * the dialog; one that fails keeps it open with the message and raises a notification.
 */
export function useQueueDecision<TKind extends string, TItem extends { id: string }, TDecision>(
  decide: UseMutationResult<{ message: string }, Error, { id: string; decision: TDecision }>,
) {
  const [open, setOpen] = useState<{ kind: TKind; item: TItem } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return {
    open,
    failure,
    start: (kind: TKind, item: TItem) => {
      setFailure(null);
      setOpen({ kind, item });
    },
    close: () => setOpen(null),
    run: (item: TItem, decision: TDecision) =>
      decide.mutate(
        { id: item.id, decision },
        {
          onSuccess: ({ message }) => {
            notifySuccess(message);
            setOpen(null);
          },
          onError: (error) => {
            setFailure(error.message);
            notifyError(error);
          },
        },
      ),
  };
}
