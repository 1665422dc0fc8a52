import type { TAllotmentResult, TIpoIssue } from '@sampada/shared';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAllotIpo, useAllotment, useCloseIpo, useListIpo } from '../api/ipos';
import { confirmAction } from '../components/confirm-action';

/**
 * Closing, allotting and listing an issue, and the allotment's result: the one just run, or
 * the recorded one once the issue is allotted.
 */
export function useIpoActions(ipo: TIpoIssue) {
  const closeIpo = useCloseIpo();
  const allot = useAllotIpo();
  const listIpo = useListIpo();
  const [allotting, setAllotting] = useState(false);
  const [allotFailure, setAllotFailure] = useState<string | null>(null);
  const [ran, setRan] = useState<TAllotmentResult | null>(null);
  const allotted = ipo.status === 'allotted' || ipo.status === 'listed';
  const recorded = useAllotment(ipo.id, allotted && !ran);
  const result = ran ?? recorded.data ?? null;

  const askClose = () =>
    confirmAction({
      title: `Close bidding on ${ipo.symbol}?`,
      body: 'No more bids are taken from now, before the scheduled close. Applications already placed stay blocked until allotment.',
      confirmLabel: 'Close bidding',
      onConfirm: () =>
        closeIpo.mutate(ipo.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        }),
    });

  const askList = () =>
    confirmAction({
      title: `List ${ipo.symbol}?`,
      body: 'Allotted shares become tradable at the market price from the feed.',
      confirmLabel: 'List',
      color: 'indigo',
      onConfirm: () =>
        listIpo.mutate(ipo.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        }),
    });

  const runAllotment = (seed: string | undefined) => {
    setAllotFailure(null);
    allot.mutate(
      { id: ipo.id, seed },
      {
        onSuccess: ({ data, message }) => {
          notifySuccess(message);
          setRan(data);
          setAllotting(false);
        },
        onError: (error) => {
          setAllotFailure(error.message);
          notifyError(error);
        },
      },
    );
  };

  const openAllot = () => {
    setAllotFailure(null);
    setAllotting(true);
  };

  return {
    closeIpo,
    allot,
    listIpo,
    allotting,
    setAllotting,
    allotFailure,
    result,
    askClose,
    askList,
    runAllotment,
    openAllot,
  };
}
