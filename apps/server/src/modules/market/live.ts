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
import type { FastifyInstance } from 'fastify';
import { type TWsClientMessage, type TWsServerMessage, WS_HEARTBEAT_MS } from '@sampada/shared';
import type { AuthService } from '../auth/service.ts';
import type { Bus } from '../../platform/bus.ts';
import { SIGNED_IN_CHANGED_CHANNEL } from '../../platform/signed-in-cache.ts';
import { STATUS_CHANNEL, type MarketEngine } from './engine.ts';
import { accept } from './live-connection.ts';
import { flush } from './live-flush.ts';
import { releaseUpgrade } from './live-frames.ts';
import { heartbeat, type Hub, recheck, scheduleFlush, send, stopTimersIfIdle } from './live-hub.ts';

export { diffQuote, MAX_BUFFERED_BYTES, SESSION_ENDED, ticksFrame } from './live-frames.ts';

export const LIVE_QUOTES_PATH = '/ws/app/v1';

function createHub(engine: MarketEngine, auth: Hub['auth'], heartbeatMs: number): Hub {
  const hub: Hub = {
    engine,
    auth,
    heartbeatMs,
    connections: new Set(),
    subscribers: new Map(),
    lastFlushed: new Map(),
    dirty: new Set(),
    freshened: new Set(),
    lagging: new Set(),
    byClient: new Map(),
    frameHandlers: [],
    lastFlushAt: 0,
    flushQueued: null,
    heartbeatTimer: null,
    stats: { flushes: 0, messages: 0, skipped: 0 },
    runFlush: () => {
      hub.flushQueued = null;
      flush(hub);
    },
    heartbeat: () => heartbeat(hub),
  };
  return hub;
}

export function createLiveQuotes(deps: {
  engine: MarketEngine;
  auth: Pick<AuthService, 'authenticate' | 'liveSessionsAmong'>;
  bus: Bus;
  /** The ping and session re-check's period (config `WS_HEARTBEAT_MS`). */
  heartbeatMs?: number;
}) {
  const { engine, bus } = deps;
  const hub = createHub(engine, deps.auth, deps.heartbeatMs ?? WS_HEARTBEAT_MS);
  const { connections, subscribers, dirty, byClient, stats } = hub;

  const offQuotes = engine.onQuotes((symbols) => {
    for (const s of symbols) if (subscribers.has(s)) dirty.add(s);
    if (dirty.size) scheduleFlush(hub);
  });
  const offStatus = bus.subscribe(STATUS_CHANNEL, (status) => {
    const message = Buffer.from(`{"type":"status","status":${status}}`);
    for (const c of connections) if (c.clientId) send(hub, c, message);
  });
  // A session ended (logout, password change or reset, a session ended from the list, a
  // reused refresh token) on any instance: the signed-in cache announces the client on the bus
  // once it has committed, and that client's sockets here re-check their sessions at once.
  const offSessions = bus.subscribe(SIGNED_IN_CHANGED_CHANNEL, (clientId) => {
    const own = byClient.get(clientId);
    if (own) void recheck(hub, [...own]);
  });

  return {
    register(app: FastifyInstance) {
      app.get(LIVE_QUOTES_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
        releaseUpgrade(socket, request);
        accept(hub, socket);
      });
    },
    flush: () => flush(hub),
    /**
     * Sends a frame to every socket of this client on this instance (the support chat's
     * messages ride the quotes socket: one connection, one sign-in). Answers how many got it.
     */
    pushToClient(clientId: string, message: string): number {
      const own = byClient.get(clientId);
      if (!own) return 0;
      for (const connection of own) send(hub, connection, message);
      return own.size;
    },
    /** Frames other than the market's own from a signed-in client (`chat.typing`). */
    onClientFrame(handler: (clientId: string, frame: TWsClientMessage) => void) {
      hub.frameHandlers.push(handler);
    },
    /**
     * Sends one message to every connection this client has open on this instance (a price
     * alert that fired). Other instances get the same message from the bus and do likewise.
     */
    sendToClient(clientId: string, message: TWsServerMessage) {
      const own = byClient.get(clientId);
      if (!own) return;
      const text = JSON.stringify(message);
      for (const connection of own) send(hub, connection, text);
    },
    stats: () => ({ ...stats, connections: connections.size, symbols: subscribers.size }),
    close() {
      offQuotes();
      offStatus();
      offSessions();
      for (const c of connections) c.socket.close(1001, 'server shutting down');
      connections.clear();
      byClient.clear();
      hub.lagging.clear();
      hub.freshened.clear();
      stopTimersIfIdle(hub);
    },
  };
}

export type LiveQuotes = ReturnType<typeof createLiveQuotes>;
