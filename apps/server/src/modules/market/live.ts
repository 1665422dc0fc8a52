/**
 * Live quotes over WebSocket (`/ws/app/v1`). A connection authenticates with its first
 * message, subscribes to symbols, and receives at most one `ticks` message per 250 ms holding
 * only the fields that changed. Diffs are computed once per symbol per flush and shared by
 * every subscriber, so the cost of a flush grows with subscriptions, not with quote size.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  QUOTE_COALESCE_MS,
  type TQuote,
  type TWsServerMessage,
  WS_HEARTBEAT_MS,
  WS_MAX_SUBSCRIPTIONS,
  type TWsClientMessage,
  ZWsClientMessage,
} from '@sampada/shared';
import type { AuthService } from '../auth/service.ts';
import type { Bus } from '../../platform/bus.ts';
import { STATUS_CHANNEL, type MarketEngine } from './engine.ts';

export const LIVE_QUOTES_PATH = '/ws/app/v1';
const AUTH_TIMEOUT_MS = 5_000;
const SILENCE_LIMIT_MS = 3 * WS_HEARTBEAT_MS;
/** A client this far behind stops getting diffs and gets a fresh snapshot once it catches up. */
const MAX_BUFFERED_BYTES = 1 << 20;
const DIFF_FIELDS = [
  'price',
  'change',
  'change_pct',
  'open',
  'high',
  'low',
  'volume',
  'value',
  'updated_at',
] as const;

type Connection = {
  socket: WebSocket;
  clientId: string | null;
  symbols: Set<string>;
  /** Snapshotted since the last flush: their next tick carries every field. */
  fresh: Set<string>;
  stale: boolean;
  lastHeard: number;
};

export function diffQuote(before: TQuote | undefined, after: TQuote): Partial<TQuote> {
  const diff: Partial<TQuote> & { symbol: string } = { symbol: after.symbol };
  for (const field of DIFF_FIELDS) {
    if (!before || before[field] !== after[field])
      (diff as Record<string, unknown>)[field] = after[field];
  }
  return diff;
}

export function createLiveQuotes(deps: { engine: MarketEngine; auth: AuthService; bus: Bus }) {
  const { engine, auth, bus } = deps;
  const connections = new Set<Connection>();
  const subscribers = new Map<string, Set<Connection>>();
  const lastFlushed = new Map<string, TQuote>();
  const dirty = new Set<string>();
  /** Signed-in connections by client, for frames other modules push (the support chat). */
  const byClient = new Map<string, Set<Connection>>();
  const frameHandlers: ((clientId: string, frame: TWsClientMessage) => void)[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  const stats = { flushes: 0, messages: 0 };

  const offQuotes = engine.onQuotes((symbols) => {
    for (const s of symbols) if (subscribers.has(s)) dirty.add(s);
  });
  const offStatus = bus.subscribe(STATUS_CHANNEL, (status) => {
    const message = `{"type":"status","status":${status}}`;
    for (const c of connections) if (c.clientId) send(c, message);
  });

  function send(connection: Connection, message: string) {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.socket.send(message);
    stats.messages++;
  }

  function subscribe(connection: Connection, symbols: string[]) {
    const added: TQuote[] = [];
    for (const symbol of symbols) {
      if (connection.symbols.has(symbol) || connection.symbols.size >= WS_MAX_SUBSCRIPTIONS)
        continue;
      const quote = engine.quote(symbol);
      if (!quote) continue;
      connection.symbols.add(symbol);
      connection.fresh.add(symbol);
      let set = subscribers.get(symbol);
      if (!set) subscribers.set(symbol, (set = new Set()));
      set.add(connection);
      added.push(quote);
    }
    if (added.length) send(connection, JSON.stringify({ type: 'snapshot', quotes: added }));
  }

  function unsubscribe(connection: Connection, symbols: Iterable<string>) {
    for (const symbol of symbols) {
      connection.symbols.delete(symbol);
      connection.fresh.delete(symbol);
      const set = subscribers.get(symbol);
      set?.delete(connection);
      if (set?.size === 0) subscribers.delete(symbol);
    }
  }

  function flush() {
    if (dirty.size === 0) return;
    stats.flushes++;
    const diffs = new Map<string, string>();
    const fulls = new Map<string, string>();
    const outgoing = new Map<Connection, string[]>();
    for (const symbol of dirty) {
      const quote = engine.quote(symbol);
      const set = subscribers.get(symbol);
      if (!quote || !set) continue;
      diffs.set(symbol, JSON.stringify(diffQuote(lastFlushed.get(symbol), quote)));
      lastFlushed.set(symbol, quote);
      for (const connection of set) {
        if (connection.stale) continue;
        let parts = outgoing.get(connection);
        if (!parts) outgoing.set(connection, (parts = []));
        if (connection.fresh.has(symbol)) {
          if (!fulls.has(symbol)) fulls.set(symbol, JSON.stringify(diffQuote(undefined, quote)));
          parts.push(fulls.get(symbol)!);
        } else parts.push(diffs.get(symbol)!);
      }
    }
    dirty.clear();
    for (const [connection, parts] of outgoing) {
      connection.fresh.clear();
      if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        connection.stale = true;
        continue;
      }
      send(connection, `{"type":"ticks","quotes":[${parts.join(',')}]}`);
    }
    // Clients that fell behind get a whole snapshot once their buffer has drained.
    for (const connection of connections) {
      if (connection.stale && connection.socket.bufferedAmount < MAX_BUFFERED_BYTES / 4) {
        connection.stale = false;
        const symbols = [...connection.symbols];
        unsubscribe(connection, symbols);
        subscribe(connection, symbols);
      }
    }
  }

  function heartbeat() {
    const now = Date.now();
    for (const connection of connections) {
      if (now - connection.lastHeard > SILENCE_LIMIT_MS) {
        connection.socket.terminate();
        continue;
      }
      send(connection, `{"type":"ping","t":${now}}`);
    }
  }

  function startTimers() {
    flushTimer ??= setInterval(flush, QUOTE_COALESCE_MS);
    heartbeatTimer ??= setInterval(heartbeat, WS_HEARTBEAT_MS);
  }
  function stopTimersIfIdle() {
    if (connections.size > 0) return;
    if (flushTimer) clearInterval(flushTimer);
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    flushTimer = heartbeatTimer = null;
  }

  function accept(socket: WebSocket) {
    const connection: Connection = {
      socket,
      clientId: null,
      symbols: new Set(),
      fresh: new Set(),
      stale: false,
      lastHeard: Date.now(),
    };
    connections.add(connection);
    startTimers();
    const authTimer = setTimeout(() => {
      if (!connection.clientId) reject('Authentication timed out.');
    }, AUTH_TIMEOUT_MS);

    function reject(message: string) {
      send(connection, JSON.stringify({ type: 'error', message }));
      socket.close(4401, 'unauthorized');
    }

    socket.on('message', (raw) => {
      connection.lastHeard = Date.now();
      let parsed;
      try {
        parsed = ZWsClientMessage.safeParse(JSON.parse(String(raw)));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        send(connection, JSON.stringify({ type: 'error', message: 'Unrecognised message.' }));
        return;
      }
      const message = parsed.data;
      if (message.type === 'auth') {
        auth.authenticate(message.token).then(
          (who) => {
            clearTimeout(authTimer);
            if (connection.clientId) byClient.get(connection.clientId)?.delete(connection);
            connection.clientId = who.clientId;
            let own = byClient.get(who.clientId);
            if (!own) byClient.set(who.clientId, (own = new Set()));
            own.add(connection);
            send(connection, '{"type":"ready"}');
          },
          () => reject('Session expired — please sign in again.'),
        );
        return;
      }
      if (!connection.clientId) return reject('Authenticate first.');
      if (message.type === 'subscribe') subscribe(connection, message.symbols);
      else if (message.type === 'unsubscribe') unsubscribe(connection, message.symbols);
      else if (message.type !== 'pong')
        for (const handler of frameHandlers) handler(connection.clientId, message);
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      unsubscribe(connection, [...connection.symbols]);
      connections.delete(connection);
      if (connection.clientId) {
        const own = byClient.get(connection.clientId);
        own?.delete(connection);
        if (own?.size === 0) byClient.delete(connection.clientId);
      }
      stopTimersIfIdle();
    });
    socket.on('error', () => socket.terminate());
  }

  return {
    register(app: FastifyInstance) {
      app.get(LIVE_QUOTES_PATH, { websocket: true, schema: { hide: true } }, (socket) =>
        accept(socket),
      );
    },
    flush,
    /**
     * Sends a frame to every socket of this client on this instance (the support chat's
     * messages ride the quotes socket: one connection, one sign-in). Answers how many got it.
     */
    pushToClient(clientId: string, message: string): number {
      const own = byClient.get(clientId);
      if (!own) return 0;
      for (const connection of own) send(connection, message);
      return own.size;
    },
    /** Frames other than the market's own from a signed-in client (`chat.typing`). */
    onClientFrame(handler: (clientId: string, frame: TWsClientMessage) => void) {
      frameHandlers.push(handler);
    },
    /**
     * Sends one message to every connection this client has open on this instance (a price
     * alert that fired). Other instances get the same message from the bus and do likewise.
     */
    sendToClient(clientId: string, message: TWsServerMessage) {
      const text = JSON.stringify(message);
      for (const c of connections) if (c.clientId === clientId) send(c, text);
    },
    stats: () => ({ ...stats, connections: connections.size, symbols: subscribers.size }),
    close() {
      offQuotes();
      offStatus();
      for (const c of connections) c.socket.close(1001, 'server shutting down');
      connections.clear();
      byClient.clear();
      stopTimersIfIdle();
    },
  };
}

export type LiveQuotes = ReturnType<typeof createLiveQuotes>;
