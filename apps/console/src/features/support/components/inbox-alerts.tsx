import { useEffect } from 'react';
import { useInboxCounts } from '../api/inbox';
import { useInboxLive } from '../api/live';

const BASE_TITLE = 'Sampada Console';

/**
 * Keeps the inbox socket open and the tab title counting conversations with unread client
 * messages ("(2) Sampada Console"); answers that count for the navigation badge.
 */
export function useInboxAlerts(enabled: boolean): number {
  useInboxLive(enabled);
  const counts = useInboxCounts(enabled);
  const unread = enabled ? (counts.data?.unread_conversations ?? 0) : 0;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '') || BASE_TITLE;
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
  }, [unread]);
  return unread;
}
