/**
 * The hub's state on this instance, in one object its steps share: the sockets, who is
 * subscribed to what, what moved since the last flush, and the timers. Sending, session
 * checks, subscriptions and the flush's schedule work on it.
 */
import {
  QUOTE_COALESCE_MS,
  type TQuote,
  type TWsClientMessage,
  WS_MAX_SUBSCRIPTIONS,
} from '@sampada/shared';
import type { AuthService } from '../auth/service.ts';
import type { MarketEngine } from './engine.ts';
import { AS_TEXT, type Connection, SESSION_ENDED } from './live-frames.ts';

/** A socket silent for this many heartbeats is dropped. */
const SILENT_BEATS = 3;

export type Hub = {
  engine: MarketEngine;
  auth: Pick<AuthService, 'authenticate' | 'liveSessionsAmong'>;
  /** The ping and session re-check's period (`WS_HEARTBEAT_MS`, 15 s unless configured). */
  heartbeatMs: number;
  connections: Set<Connection>;
  subscribers: Map<string, Set<Connection>>;
  lastFlushed: Map<string, TQuote>;
  dirty: Set<string>;
  /** Connections holding a `fresh` set until the next flush clears it. */
  freshened: Set<Connection>;
  /** Connections holding a `missed` set: tried again at every flush until they drain. */
  lagging: Set<Connection>;
  /** Signed-in connections by client, for frames other modules push (the support chat). */
  byClient: Map<string, Set<Connection>>;
  frameHandlers: ((clientId: string, frame: TWsClientMessage) => void)[];
  lastFlushAt: number;
  flushQueued: NodeJS.Timeout | NodeJS.Immediate | null;
  heartbeatTimer: NodeJS.Timeout | null;
  stats: { flushes: number; messages: number; skipped: number };
  /** The queued flush and the heartbeat, made once so scheduling them allocates nothing. */
  runFlush: () => void;
  heartbeat: () => void;
};

export function send(hub: Hub, connection: Connection, message: string | Buffer) {
  if (connection.socket.readyState !== connection.socket.OPEN) return;
  if (typeof message === 'string') connection.socket.send(message);
  else connection.socket.send(message, AS_TEXT);
  hub.stats.messages++;
}

export function endSession(hub: Hub, connection: Connection) {
  connection.sessionId = null;
  send(hub, connection, JSON.stringify({ type: 'error', message: SESSION_ENDED }));
  connection.socket.close(4401, 'session ended');
}

/** Closes (4401) every one of these sockets whose session is no longer live. */
export async function recheck(hub: Hub, checked: Connection[]) {
  const ids = new Set<string>();
  for (const c of checked) if (c.sessionId) ids.add(c.sessionId);
  if (ids.size === 0) return;
  let live: Set<string>;
  try {
    live = await hub.auth.liveSessionsAmong([...ids]);
  } catch {
    return; // the database is busy: the next heartbeat asks again
  }
  for (const c of checked) if (c.sessionId && !live.has(c.sessionId)) endSession(hub, c);
}

/** Right away when the last flush is 250 ms old, else when it will be. */
export function scheduleFlush(hub: Hub) {
  if (hub.flushQueued) return;
  const wait = hub.lastFlushAt + QUOTE_COALESCE_MS - Date.now();
  hub.flushQueued = wait <= 0 ? setImmediate(hub.runFlush) : setTimeout(hub.runFlush, wait);
}

function cancelFlush(hub: Hub) {
  if (!hub.flushQueued) return;
  clearTimeout(hub.flushQueued as NodeJS.Timeout);
  clearImmediate(hub.flushQueued as NodeJS.Immediate);
  hub.flushQueued = null;
}

export function heartbeat(hub: Hub) {
  const now = Date.now();
  const ping = Buffer.from(`{"type":"ping","t":${now}}`);
  for (const connection of hub.connections) {
    if (now - connection.lastHeard > SILENT_BEATS * hub.heartbeatMs) {
      connection.socket.terminate();
      continue;
    }
    // Not yet signed in: the 5 s auth timer watches these, and a pong from one must not
    // arrive before its sign-in completes (it would be refused as unauthenticated).
    if (connection.clientId) send(hub, connection, ping);
  }
  void recheck(hub, [...hub.connections]);
}

export function startHeartbeat(hub: Hub) {
  hub.heartbeatTimer ??= setInterval(hub.heartbeat, hub.heartbeatMs);
}

export function stopTimersIfIdle(hub: Hub) {
  if (hub.connections.size > 0) return;
  cancelFlush(hub);
  if (hub.heartbeatTimer) clearInterval(hub.heartbeatTimer);
  hub.heartbeatTimer = null;
}

function subscribe(hub: Hub, connection: Connection, symbols: string[]) {
  const added: TQuote[] = [];
  for (const symbol of symbols) {
    if (connection.symbols.has(symbol) || connection.symbols.size >= WS_MAX_SUBSCRIPTIONS) continue;
    const quote = hub.engine.quote(symbol);
    if (!quote) continue;
    connection.symbols.add(symbol);
    (connection.fresh ??= new Set()).add(symbol);
    hub.freshened.add(connection);
    let set = hub.subscribers.get(symbol);
    if (!set) hub.subscribers.set(symbol, (set = new Set()));
    set.add(connection);
    added.push(quote);
  }
  if (added.length) send(hub, connection, JSON.stringify({ type: 'snapshot', quotes: added }));
}

export function unsubscribe(hub: Hub, connection: Connection, symbols: Iterable<string>) {
  for (const symbol of symbols) {
    connection.symbols.delete(symbol);
    connection.fresh?.delete(symbol);
    connection.missed?.delete(symbol);
    const set = hub.subscribers.get(symbol);
    set?.delete(connection);
    if (set?.size === 0) hub.subscribers.delete(symbol);
  }
}

/** A subscribe is answered only for a session that is live now: a dead one closes 4401. */
export async function subscription(
  hub: Hub,
  connection: Connection,
  message: Extract<TWsClientMessage, { type: 'subscribe' | 'unsubscribe' }>,
) {
  const sessionId = connection.sessionId;
  if (!sessionId) return;
  if (message.type === 'unsubscribe') return unsubscribe(hub, connection, message.symbols);
  let live: Set<string>;
  try {
    live = await hub.auth.liveSessionsAmong([sessionId]);
  } catch {
    send(hub, connection, JSON.stringify({ type: 'error', message: 'Busy — reconnecting.' }));
    connection.socket.close(1013, 'try again later');
    return;
  }
  if (!live.has(sessionId)) endSession(hub, connection);
  else if (connection.sessionId === sessionId) subscribe(hub, connection, message.symbols);
}
