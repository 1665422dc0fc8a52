/**
 * The chat widget's data: history pages (newest first, `before` pages back), sending through
 * an outbox, read marks, and the live frames of the quote socket. Messages written offline
 * wait in the outbox (localStorage) and go once the connection is back; each carries the id
 * it was given when written, so a send repeated after a lost answer is stored once.
 */
import { type TChatFrame, type TChatHistory, type TChatMessage, SM } from '@sampada/shared';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { apiGet, apiPost, isApiError, isRateLimited } from '../../../lib/api-client';
import { CHAT_MESSAGES_PATH } from '../../../lib/chat-unread';
import { getQuotesSocket } from '../../../lib/market/live-quotes';
import { toastError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { onSessionEnd } from '../../../lib/session';

export type TOutboxItem = {
  id: string;
  text: string;
  image_url: string | null;
  /** A local preview of the image (object URL) while it waits; not kept across reloads. */
  preview?: string;
  created_at: string;
};

const OUTBOX_KEY = 'sampada.chat.outbox';

// ---------- Outbox ----------

let outbox: TOutboxItem[] = load();
const outboxListeners = new Set<() => void>();

function load(): TOutboxItem[] {
  try {
    const raw = localStorage.getItem(OUTBOX_KEY);
    return raw ? (JSON.parse(raw) as TOutboxItem[]) : [];
  } catch {
    return [];
  }
}

function save(next: TOutboxItem[]) {
  outbox = next;
  try {
    localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify(next.map(({ preview: _preview, ...item }) => item)),
    );
  } catch {
    // Storage full or blocked: the outbox still lives for this page.
  }
  outboxListeners.forEach((l) => l());
}

export const outboxStore = {
  get: () => outbox,
  add: (item: TOutboxItem) => save([...outbox, item]),
  remove: (id: string) => save(outbox.filter((i) => i.id !== id)),
  subscribe(listener: () => void) {
    outboxListeners.add(listener);
    return () => void outboxListeners.delete(listener);
  },
};

// Another person signing in on this device must not send the last one's messages.
onSessionEnd(() => save([]));

export const useOutbox = () =>
  useSyncExternalStore(outboxStore.subscribe, outboxStore.get, outboxStore.get);

let flushing: Promise<void> | null = null;

/**
 * Sends what waits, oldest first, one at a time so the server keeps their order. A network
 * failure stops the flush (the next `online` or socket `ready` starts it again); a refusal
 * (400, 429) drops the message and says why.
 */
export function flushOutbox(onSent: (message: TChatMessage) => void): Promise<void> {
  if (flushing) return flushing;
  const run = (async () => {
    // Started on the next tick, so `flushing` is set before anything below can finish.
    await Promise.resolve();
    while (outbox.length > 0) {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      const item = outbox[0]!;
      try {
        const reply = await apiPost<{ message: TChatMessage; duplicate: boolean }>(
          CHAT_MESSAGES_PATH,
          { id: item.id, text: item.text, image_url: item.image_url },
          { silent: true },
        );
        outboxStore.remove(item.id);
        onSent(reply.message);
      } catch (error) {
        if (isRateLimited(error) || (isApiError(error) && error.status === 429)) {
          outboxStore.remove(item.id);
          toastError(SM.tooFast);
          continue;
        }
        if (isApiError(error) && error.status && error.status < 500) {
          outboxStore.remove(item.id);
          toastError(error.message);
          continue;
        }
        return;
      }
    }
  })();
  flushing = run.finally(() => {
    flushing = null;
  });
  return flushing;
}

// ---------- History ----------

export const historyQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.chat.history,
    queryFn: ({ pageParam }) =>
      apiGet<TChatHistory>(CHAT_MESSAGES_PATH, {
        params: pageParam ? { before: pageParam } : {},
        silent: true,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

export const useChatHistory = () => useInfiniteQuery(historyQuery());

/** Puts a message into the cached newest page (a send's answer or a live frame), once. */
function useMergeMessage() {
  const client = useQueryClient();
  return useCallback(
    (message: TChatMessage) => {
      client.setQueryData(historyQuery().queryKey, (data) => {
        if (!data) return data;
        if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) {
          return {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              items: p.items.map((m) => (m.id === message.id ? message : m)),
            })),
          };
        }
        const [first, ...rest] = data.pages;
        if (!first) return data;
        const items = [...first.items, message].sort((a, b) => a.seq - b.seq);
        return { ...data, pages: [{ ...first, items }, ...rest] };
      });
    },
    [client],
  );
}

/** Marks on the cached messages: `read`/`delivered` up to a sequence number, for one side. */
function useApplyMark() {
  const client = useQueryClient();
  return useCallback(
    (author: 'client' | 'staff', status: 'read' | 'delivered', seq: number) => {
      client.setQueryData(historyQuery().queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                items: p.items.map((m) =>
                  m.author === author && m.seq <= seq && m.status !== 'read' ? { ...m, status } : m,
                ),
              })),
            }
          : data,
      );
    },
    [client],
  );
}

/**
 * While the widget is open: holds the quote socket, merges live messages and marks, shows
 * the agent's typing, and flushes the outbox on reconnect and when the browser is online.
 */
export function useChatLive(onAgentTyping: (name: string | null) => void) {
  const client = useQueryClient();
  const merge = useMergeMessage();
  const mark = useApplyMark();
  useEffect(() => {
    const socket = getQuotesSocket();
    const release = socket.hold();
    const flush = () => void flushOutbox(merge);
    const off = socket.onChat((frame: TChatFrame | { type: 'ready' }) => {
      if (frame.type === 'ready') return flush();
      if (frame.event === 'message') {
        merge(frame.message);
        if (frame.message.author === 'staff') onAgentTyping(null);
      } else if (frame.event === 'read' && frame.by === 'staff') mark('client', 'read', frame.seq);
      else if (frame.event === 'delivered') mark('client', 'delivered', frame.seq);
      else if (frame.event === 'typing' && frame.by === 'staff') onAgentTyping(frame.agent_name);
      else if (frame.event === 'conversation')
        void client.invalidateQueries({ queryKey: queryKeys.chat.history });
    });
    window.addEventListener('online', flush);
    flush();
    return () => {
      off();
      release();
      window.removeEventListener('online', flush);
    };
  }, [client, merge, mark, onAgentTyping]);
  return merge;
}

/** The client has seen staff messages up to `seq`: the server's mark and the badge follow. */
export async function markRead(seq: number) {
  const result = await apiPost<{ read_seq: number; unread: number }>(
    '/chat/app/v1/read',
    { seq },
    { silent: true },
  );
  return result;
}
