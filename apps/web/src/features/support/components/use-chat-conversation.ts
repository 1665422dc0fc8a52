import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { markRead, useChatHistory, useChatLive, useOutbox } from '../api/chat';

/** Who of the agents is typing (forgotten 5 s after the last sign), and whether we are online. */
function useAgentTypingAndOnline() {
  const [agentTyping, setAgentTyping] = useState<string | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const typingTimer = useRef<number | undefined>(undefined);

  const onAgentTyping = useCallback((name: string | null) => {
    window.clearTimeout(typingTimer.current);
    if (name === null) return setAgentTyping(null);
    setAgentTyping(name);
    typingTimer.current = window.setTimeout(() => setAgentTyping(null), 5000);
  }, []);
  useChatLive(onAgentTyping);

  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearTimeout(typingTimer.current);
    };
  }, []);
  return { agentTyping, online };
}

/** What is on screen is read: the server's mark moves and the badges clear. */
function useReadMark(newestStaff: number) {
  const client = useQueryClient();
  const readMark = useRef(0);
  useEffect(() => {
    if (!newestStaff || newestStaff <= readMark.current) return;
    readMark.current = newestStaff;
    markRead(newestStaff)
      .then(() => client.invalidateQueries({ queryKey: queryKeys.chat.unread }))
      .catch(() => {
        readMark.current = 0;
      });
  }, [newestStaff, client]);
}

/**
 * The conversation as shown: the stored messages oldest first, the outbox not yet stored,
 * the agent typing; kept scrolled to the newest, with the page before loaded at the top.
 */
export function useChatConversation() {
  const history = useChatHistory();
  const outbox = useOutbox();
  const { agentTyping, online } = useAgentTypingAndOnline();
  const bottom = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);

  const pages = history.data?.pages;
  const conversation = pages?.[0]?.conversation;
  const messages = useMemo(
    () => (pages ? [...pages].reverse().flatMap((p) => p.items) : []),
    [pages],
  );
  const stored = useMemo(() => new Set(messages.map((m) => m.id)), [messages]);
  const waiting = outbox.filter((o) => !stored.has(o.id));
  const newestStaff = messages.filter((m) => m.author === 'staff').at(-1)?.seq ?? 0;
  const newestKey = `${messages.at(-1)?.id ?? ''}:${waiting.length}:${agentTyping ?? ''}`;

  useReadMark(newestStaff);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestKey]);

  // Infinite scroll: reaching the top loads the page before.
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && history.hasNextPage && !history.isFetching)
        void history.fetchNextPage();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [history]);

  return { history, conversation, messages, waiting, agentTyping, online, top, bottom };
}

export type TChatConversationView = ReturnType<typeof useChatConversation>;
