/**
 * Live quotes over WebSocket (`/ws/app/v1`). A connection authenticates with its first
 * message, subscribes to symbols, and receives at most one `ticks` message per 250 ms holding
 * only the fields that changed.
 *
 * Fan-out (docs/decisions/022-live-quote-fan-out.md): a flush runs right after the engine's
 * step (not on a free-running timer, whose phase would add up to 250 ms to every tick), at
 * most once per 250 ms. Each moved symbol's tick is serialised once per flush to a UTF-8
 * Buffer shared by every subscriber; a socket's frame is those Buffers copied side by side
 * into one allocation, sent as a text frame — no per-socket JSON.stringify or string
 * encoding. A socket whose user-space send buffer is still full skips flushes: the symbols
 * it missed are remembered and its next frame carries their every tick field, so memory
 * stays bounded and the client ends up current.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { AppError } from '../../platform/errors.ts';
import { SIGNED_IN_CHANGED_CHANNEL } from '../../platform/signed-in-cache.ts';
import { STATUS_CHANNEL, type MarketEngine } from './engine.ts';

export const LIVE_QUOTES_PATH = '/ws/app/v1';
const AUTH_TIMEOUT_MS = 5_000;
const SILENCE_LIMIT_MS = 3 * WS_HEARTBEAT_MS;
/**
 * Bytes still waiting in user space past which a socket skips a flush. Anything here means
 * the kernel's own socket buffer is already full, so a few frames' worth is plenty — and it
 * bounds the memory 5,000 slow clients can hold.
 */
export const MAX_BUFFERED_BYTES = 16 * 1024;
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
const TICKS_OPEN = Buffer.from('{"type":"ticks","quotes":[');
const TICKS_CLOSE = Buffer.from(']}');
const COMMA = 0x2c;
/** Frames the hub builds are JSON text: sent as text frames, never re-encoded. */
const AS_TEXT = { binary: false } as const;

type Connection = {
  socket: WebSocket;
  clientId: string | null;
  /** The session its `auth` frame proved: re-checked whenever it may have ended. */
  sessionId: string | null;
  /** Subscribe/unsubscribe frames in arrival order, each after its session check. */
  work: Promise<void>;
  symbols: Set<string>;
  /** Snapshotted since the last flush: their next tick carries every field. */
  fresh: Set<string> | null;
  /** Ticks skipped while the socket was backed up: the next frame carries every field. */
  missed: Set<string> | null;
  /** This flush's moved symbols for this socket; empty between flushes. */
  pending: string[];
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

/** `{"type":"ticks","quotes":[a,b,…]}` from already-serialised quotes, in one allocation. */
export function ticksFrame(parts: readonly Buffer[]): Buffer {
  let length = TICKS_OPEN.length + TICKS_CLOSE.length + Math.max(0, parts.length - 1);
  for (const part of parts) length += part.length;
  const frame = Buffer.allocUnsafe(length);
  frame.set(TICKS_OPEN, 0);
  let at = TICKS_OPEN.length;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) frame[at++] = COMMA;
    frame.set(parts[i]!, at);
    at += parts[i]!.length;
  }
  frame.set(TICKS_CLOSE, at);
  return frame;
}

/**
 * @fastify/websocket routes the upgrade through Fastify, and its request, reply, child logger
 * and a ServerResponse then stay reachable from the socket for the connection's whole life
 * (through its error listener and the TCP socket's `_httpMessage`). Nothing reads them after
 * the upgrade: let them go, a few kB per socket.
 */
function releaseUpgrade(socket: WebSocket, request: FastifyRequest) {
  socket.removeAllListeners('error');
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value));

export const SESSION_ENDED = 'Session ended — please sign in again.';

export function createLiveQuotes(deps: {
  engine: MarketEngine;
  auth: Pick<AuthService, 'authenticate' | 'liveSessionsAmong'>;
  bus: Bus;
}) {
  const { engine, auth, bus } = deps;
  const connections = new Set<Connection>();
  const subscribers = new Map<string, Set<Connection>>();
  const lastFlushed = new Map<string, TQuote>();
  const dirty = new Set<string>();
  /** Connections holding a `fresh` set until the next flush clears it. */
  const freshened = new Set<Connection>();
  /** Connections holding a `missed` set: tried again at every flush until they drain. */
  const lagging = new Set<Connection>();
  /** Signed-in connections by client, for frames other modules push (the support chat). */
  const byClient = new Map<string, Set<Connection>>();
  const frameHandlers: ((clientId: string, frame: TWsClientMessage) => void)[] = [];
  let lastFlushAt = 0;
  let flushQueued: NodeJS.Timeout | NodeJS.Immediate | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  const stats = { flushes: 0, messages: 0, skipped: 0 };

  const offQuotes = engine.onQuotes((symbols) => {
    for (const s of symbols) if (subscribers.has(s)) dirty.add(s);
    if (dirty.size) scheduleFlush();
  });
  const offStatus = bus.subscribe(STATUS_CHANNEL, (status) => {
    const message = Buffer.from(`{"type":"status","status":${status}}`);
    for (const c of connections) if (c.clientId) send(c, message);
  });
  // A session ended (logout, password change or reset, a session ended from the list, a
  // reused refresh token) on any instance: the signed-in cache announces the client on the bus
  // once it has committed, and that client's sockets here re-check their sessions at once.
  const offSessions = bus.subscribe(SIGNED_IN_CHANGED_CHANNEL, (clientId) => {
    const own = byClient.get(clientId);
    if (own) void recheck([...own]);
  });

  /** Closes (4401) every one of these sockets whose session is no longer live. */
  async function recheck(checked: Connection[]) {
    const ids = new Set<string>();
    for (const c of checked) if (c.sessionId) ids.add(c.sessionId);
    if (ids.size === 0) return;
    let live: Set<string>;
    try {
      live = await auth.liveSessionsAmong([...ids]);
    } catch {
      return; // the database is busy: the next heartbeat asks again
    }
    for (const c of checked) if (c.sessionId && !live.has(c.sessionId)) endSession(c);
  }

  function endSession(connection: Connection) {
    connection.sessionId = null;
    send(connection, JSON.stringify({ type: 'error', message: SESSION_ENDED }));
    connection.socket.close(4401, 'session ended');
  }

  function send(connection: Connection, message: string | Buffer) {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    if (typeof message === 'string') connection.socket.send(message);
    else connection.socket.send(message, AS_TEXT);
    stats.messages++;
  }

  /** Right away when the last flush is 250 ms old, else when it will be. */
  function scheduleFlush() {
    if (flushQueued) return;
    const wait = lastFlushAt + QUOTE_COALESCE_MS - Date.now();
    flushQueued = wait <= 0 ? setImmediate(runFlush) : setTimeout(runFlush, wait);
  }
  function runFlush() {
    flushQueued = null;
    flush();
  }
  function cancelFlush() {
    if (!flushQueued) return;
    clearTimeout(flushQueued as NodeJS.Timeout);
    clearImmediate(flushQueued as NodeJS.Immediate);
    flushQueued = null;
  }

  function subscribe(connection: Connection, symbols: string[]) {
    const added: TQuote[] = [];
    for (const symbol of symbols) {
      if (connection.symbols.has(symbol) || connection.symbols.size >= WS_MAX_SUBSCRIPTIONS)
        continue;
      const quote = engine.quote(symbol);
      if (!quote) continue;
      connection.symbols.add(symbol);
      (connection.fresh ??= new Set()).add(symbol);
      freshened.add(connection);
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
      connection.fresh?.delete(symbol);
      connection.missed?.delete(symbol);
      const set = subscribers.get(symbol);
      set?.delete(connection);
      if (set?.size === 0) subscribers.delete(symbol);
    }
  }

  function flush() {
    lastFlushAt = Date.now();
    if (dirty.size === 0 && lagging.size === 0) return;
    stats.flushes++;
    const diffs = new Map<string, Buffer>();
    const touched: Connection[] = [];
    for (const symbol of dirty) {
      const quote = engine.quote(symbol);
      const set = subscribers.get(symbol);
      if (!quote || !set) continue;
      diffs.set(symbol, encode(diffQuote(lastFlushed.get(symbol), quote)));
      lastFlushed.set(symbol, quote);
      for (const connection of set) {
        if (connection.pending.length === 0) touched.push(connection);
        connection.pending.push(symbol);
      }
    }
    dirty.clear();
    const fulls = new Map<string, Buffer>();
    const full = (symbol: string) => {
      let part = fulls.get(symbol);
      if (!part) fulls.set(symbol, (part = encode(diffQuote(undefined, engine.quote(symbol)!))));
      return part;
    };

    function deliver(connection: Connection) {
      const symbols = connection.pending;
      if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        if (symbols.length) {
          connection.missed ??= new Set();
          for (const symbol of symbols) connection.missed.add(symbol);
          lagging.add(connection);
          stats.skipped++;
        }
        symbols.length = 0;
        return;
      }
      const { fresh, missed } = connection;
      const parts: Buffer[] = [];
      for (const symbol of symbols)
        parts.push(fresh?.has(symbol) || missed?.has(symbol) ? full(symbol) : diffs.get(symbol)!);
      symbols.length = 0;
      if (missed) {
        for (const symbol of missed) if (!diffs.has(symbol)) parts.push(full(symbol));
        connection.missed = null;
        lagging.delete(connection);
      }
      if (parts.length) send(connection, ticksFrame(parts));
    }

    for (const connection of touched) deliver(connection);
    for (const connection of lagging) deliver(connection);
    for (const connection of freshened) connection.fresh = null;
    freshened.clear();
    // A backed-up socket is tried again even when the market has gone quiet.
    if (lagging.size) scheduleFlush();
  }

  function heartbeat() {
    const now = Date.now();
    const ping = Buffer.from(`{"type":"ping","t":${now}}`);
    for (const connection of connections) {
      if (now - connection.lastHeard > SILENCE_LIMIT_MS) {
        connection.socket.terminate();
        continue;
      }
      // Not yet signed in: the 5 s auth timer watches these, and a pong from one must not
      // arrive before its sign-in completes (it would be refused as unauthenticated).
      if (connection.clientId) send(connection, ping);
    }
    void recheck([...connections]);
  }

  function startHeartbeat() {
    heartbeatTimer ??= setInterval(heartbeat, WS_HEARTBEAT_MS);
  }
  function stopTimersIfIdle() {
    if (connections.size > 0) return;
    cancelFlush();
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    heartbeatTimer = null;
  }

  /** A subscribe is answered only for a session that is live now: a dead one closes 4401. */
  async function subscription(
    connection: Connection,
    message: Extract<TWsClientMessage, { type: 'subscribe' | 'unsubscribe' }>,
  ) {
    const sessionId = connection.sessionId;
    if (!sessionId) return;
    if (message.type === 'unsubscribe') return unsubscribe(connection, message.symbols);
    let live: Set<string>;
    try {
      live = await auth.liveSessionsAmong([sessionId]);
    } catch {
      send(connection, JSON.stringify({ type: 'error', message: 'Busy — reconnecting.' }));
      connection.socket.close(1013, 'try again later');
      return;
    }
    if (!live.has(sessionId)) endSession(connection);
    else if (connection.sessionId === sessionId) subscribe(connection, message.symbols);
  }

  function accept(socket: WebSocket) {
    const connection: Connection = {
      socket,
      clientId: null,
      sessionId: null,
      work: Promise.resolve(),
      symbols: new Set(),
      fresh: null,
      missed: null,
      pending: [],
      lastHeard: Date.now(),
    };
    connections.add(connection);
    startHeartbeat();
    const authTimer = setTimeout(() => {
      if (!connection.clientId) reject('Authentication timed out.');
    }, AUTH_TIMEOUT_MS);

    function reject(message: string) {
      send(connection, JSON.stringify({ type: 'error', message }));
      socket.close(4401, 'unauthorized');
    }
    /** The sign-in could not be checked (database busy): not the token's fault, so no 4401. */
    function retryLater() {
      send(connection, JSON.stringify({ type: 'error', message: 'Busy — reconnecting.' }));
      socket.close(1013, 'try again later');
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
            connection.sessionId = who.sessionId;
            let own = byClient.get(who.clientId);
            if (!own) byClient.set(who.clientId, (own = new Set()));
            own.add(connection);
            send(connection, '{"type":"ready"}');
          },
          (error: unknown) =>
            error instanceof AppError && error.status === 401
              ? reject('Session expired — please sign in again.')
              : retryLater(),
        );
        return;
      }
      if (message.type === 'pong') return;
      if (!connection.clientId) return reject('Authenticate first.');
      if (message.type === 'subscribe' || message.type === 'unsubscribe') {
        connection.work = connection.work.then(() => subscription(connection, message));
        return;
      }
      for (const handler of frameHandlers) handler(connection.clientId, message);
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      unsubscribe(connection, [...connection.symbols]);
      connections.delete(connection);
      lagging.delete(connection);
      freshened.delete(connection);
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
      app.get(LIVE_QUOTES_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
        releaseUpgrade(socket, request);
        accept(socket);
      });
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
      const own = byClient.get(clientId);
      if (!own) return;
      const text = JSON.stringify(message);
      for (const connection of own) send(connection, text);
    },
    stats: () => ({ ...stats, connections: connections.size, symbols: subscribers.size }),
    close() {
      offQuotes();
      offStatus();
      offSessions();
      for (const c of connections) c.socket.close(1001, 'server shutting down');
      connections.clear();
      byClient.clear();
      lagging.clear();
      freshened.clear();
      stopTimersIfIdle();
    },
  };
}

export type LiveQuotes = ReturnType<typeof createLiveQuotes>;
