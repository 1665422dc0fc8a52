/**
 * The inbox's live line: `/ws/console/v1`, signed in with the console session's token in the
 * first frame. New client messages refresh the inbox, ring a short tone and count in the tab
 * title; typing signals show under the thread. It reconnects with a growing delay.
 */
import type { TChatFrame } from '@sampada/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { session } from '../../../lib/session';

export const CONSOLE_LIVE_PATH = '/ws/console/v1';

type Listener = () => void;
const typingListeners = new Set<Listener>();
/** Conversation id → when the client last typed there. */
let typing: Record<string, number> = {};
let socket: WebSocket | null = null;

function setTyping(conversationId: string, at: number) {
  typing = { ...typing, [conversationId]: at };
  typingListeners.forEach((l) => l());
}

/** Whether the client of this conversation typed in the last few seconds. */
export function useClientTyping(conversationId: string) {
  const at = useSyncExternalStore(
    (l) => {
      typingListeners.add(l);
      return () => void typingListeners.delete(l);
    },
    () => typing[conversationId] ?? 0,
  );
  return Date.now() - at < 4000;
}

/** Tells the client an agent is typing in this conversation (sent at most every 2 s). */
let lastTypingSent = 0;
export function sendTyping(conversationId: string) {
  const now = Date.now();
  if (now - lastTypingSent < 2000 || socket?.readyState !== WebSocket.OPEN) return;
  lastTypingSent = now;
  socket.send(JSON.stringify({ type: 'typing', conversation_id: conversationId }));
}

/** A short two-note tone through Web Audio: no file to fetch, nothing when audio is blocked. */
export function playNotificationTone() {
  try {
    const Context = window.AudioContext;
    if (!Context) return;
    const audio = new Context();
    const gain = audio.createGain();
    gain.gain.value = 0.08;
    gain.connect(audio.destination);
    [880, 1320].forEach((frequency, i) => {
      const osc = audio.createOscillator();
      osc.frequency.value = frequency;
      osc.connect(gain);
      osc.start(audio.currentTime + i * 0.12);
      osc.stop(audio.currentTime + i * 0.12 + 0.1);
    });
    window.setTimeout(() => void audio.close(), 600);
  } catch {
    // Audio is a nicety: a browser that refuses it still shows the title badge.
  }
}

/** Keeps the socket open while `enabled` (the staff member may use the inbox). */
export function useInboxLive(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let retry = 1000;
    let timer: number | undefined;
    let refresh: number | undefined;
    const invalidate = () => {
      window.clearTimeout(refresh);
      refresh = window.setTimeout(
        () => void client.invalidateQueries({ queryKey: queryKeys.support.all }),
        150,
      );
    };
    function connect() {
      const token = session.token();
      if (!token || stopped) return;
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CONSOLE_LIVE_PATH}`;
      const ws = new WebSocket(url);
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
      ws.onmessage = (event) => {
        let frame: { type: string };
        try {
          frame = JSON.parse(String(event.data)) as { type: string };
        } catch {
          return;
        }
        if (frame.type === 'ready') retry = 1000;
        if (frame.type === 'ping') ws.send('{"type":"pong"}');
        if (frame.type !== 'chat') return;
        const chat = frame as unknown as TChatFrame;
        if (chat.event === 'typing') {
          if (chat.by === 'client') {
            // The client's typing frame names the client; the inbox keys it by client id.
            setTyping(chat.client_id, Date.now());
          }
          return;
        }
        if (chat.event === 'message' && chat.message.author === 'client') playNotificationTone();
        invalidate();
      };
      ws.onclose = () => {
        if (socket === ws) socket = null;
        if (stopped) return;
        timer = window.setTimeout(connect, retry);
        retry = Math.min(retry * 2, 30_000);
      };
    }
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.clearTimeout(refresh);
      socket?.close();
      socket = null;
    };
  }, [enabled, client]);
}
