import { useInboxCounts } from '../api/inbox';
import { useInboxLive } from '../api/live';

/**
 * Keeps the inbox socket open (new client messages ring a tone) and answers how many
 * conversations hold unread client messages, for the navigation badge and the tab title.
 */
export function useInboxAlerts(enabled: boolean): number {
  useInboxLive(enabled);
  const counts = useInboxCounts(enabled);
  return enabled ? (counts.data?.unread_conversations ?? 0) : 0;
}
