/**
 * The support chat's unread count for the badges on the header avatar and the drawer's
 * Customer Service entry. Small and in the main chunk; the widget itself loads on demand. It
 * asks the server once a minute and at once when a chat frame arrives on the quote socket.
 */
import type { TChatHistory } from '@sampada/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from './api-client';
import { getQuotesSocket } from './market/live-quotes';
import { queryKeys } from './query-keys';
import { hasSession } from './session';

export const CHAT_MESSAGES_PATH = '/chat/app/v1/messages';

export function useChatUnread(): number {
  const client = useQueryClient();
  const signedIn = hasSession();
  const query = useQuery({
    queryKey: queryKeys.chat.unread,
    queryFn: async () =>
      (await apiGet<TChatHistory>(CHAT_MESSAGES_PATH, { params: { limit: 1 }, silent: true }))
        .conversation.unread,
    enabled: signedIn,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  useEffect(() => {
    if (!signedIn) return;
    return getQuotesSocket().onChat((frame) => {
      if (frame.type === 'chat' && (frame.event === 'message' || frame.event === 'read'))
        void client.invalidateQueries({ queryKey: queryKeys.chat.unread });
    });
  }, [client, signedIn]);
  return query.data ?? 0;
}
