/**
 * The ticker (GET /connect/ws?api_key=…&access_token=…): Kite Connect v3's WebSocket. Text
 * `{"a":"subscribe"|"unsubscribe"|"mode","v":…}` in; binary tick frames out when the market
 * moves (tick-packets.ts), a 1-byte heartbeat in every second without ticks, and the user's
 * order updates as text `{"type":"order","data":…}`. Up to 3,000 instruments a connection and
 * 3 connections an app, across instances with Redis (ticker-slots.ts). A socket closes (4401)
 * when its session ends (ticker-sessions.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bus } from '../../platform/bus.ts';
import { SETTINGS_CHANGED_CHANNEL } from '../settings/service.ts';
import { type Connection, CONNECTIONS_MAX, type TickerDeps } from './ticker-deps.ts';
import { onTickerMessage, sendTicks } from './ticker-frames.ts';
import {
  ALL_APPS,
  CONNECT_SESSIONS_CHANNEL,
  endExpired,
  RECHECK_MS,
  recheckTicker,
} from './ticker-sessions.ts';
import { LEASE_RENEW_MS } from './ticker-slots.ts';
import { HEARTBEAT } from './tick-packets.ts';
import { KiteError, sha256Hex } from './wire.ts';

export { CONNECTIONS_MAX, INSTRUMENTS_MAX } from './ticker-deps.ts';
export { CONNECT_SESSIONS_CHANNEL } from './ticker-sessions.ts';
export const TICKER_PATH = '/connect/ws';

type Admitted = Pick<Connection, 'id' | 'appId' | 'clientId' | 'tokenHash' | 'expiresAt'>;

/**
 * Each second: sockets past their token's end close, the rest without ticks get the 1-byte
 * heartbeat; every LEASE_RENEW_MS the slots' leases are renewed, every RECHECK_MS all
 * sessions re-checked (the bus's backstop).
 */
function startHeartbeat(deps: TickerDeps, connections: Set<Connection>) {
  let lastRecheck = Date.now();
  let lastRenew = Date.now();
  const heartbeat = setInterval(() => {
    for (const connection of endExpired(deps, connections)) {
      if (!connection.ticked) connection.socket.send(HEARTBEAT, { binary: true });
      connection.ticked = false;
    }
    if (Date.now() - lastRenew >= LEASE_RENEW_MS) {
      lastRenew = Date.now();
      const held = [...connections].map((c) => ({ appId: c.appId, connectionId: c.id }));
      void deps.slots.renew(held).catch(() => {}); // a lapsed lease frees a slot, never takes one
    }
    if (Date.now() - lastRecheck < RECHECK_MS || connections.size === 0) return;
    lastRecheck = Date.now();
    void recheckTicker(deps, [...connections]);
  }, 1000);
  heartbeat.unref();
  return heartbeat;
}

export function createTicker(deps: TickerDeps) {
  const { engine, sessions, slots } = deps;
  const connections = new Set<Connection>();
  const admitted = new WeakMap<FastifyRequest, Admitted>();

  const stopQuotes = engine.onQuotes((symbols) => {
    for (const connection of connections) sendTicks(deps, connection, symbols);
  });
  const heartbeat = startHeartbeat(deps, connections);

  /** The sockets of one app (or all) re-checked once the change that was announced is read. */
  const recheckApp = (appId: string) =>
    // After the other handlers of the same message (the settings cache drops its copy first).
    setImmediate(() => {
      const own = [...connections].filter((c) => appId === ALL_APPS || c.appId === appId);
      if (own.length) void recheckTicker(deps, own);
    });

  /** The handshake's check: a live session, and a free connection for the app. */
  async function admit(request: FastifyRequest) {
    const query = request.query as { api_key?: string; access_token?: string };
    const session = await sessions.authenticate(query.api_key ?? '', query.access_token ?? '');
    const id = randomUUID();
    if (!(await slots.take(session.app.id, id, CONNECTIONS_MAX)))
      throw new KiteError('NetworkException', 'Too many connections for this app.', 429);
    // Freed when the socket closes, whether or not the upgrade completes.
    request.raw.socket.once('close', () => {
      void slots.release(session.app.id, id).catch(() => {});
    });
    admitted.set(request, {
      id,
      appId: session.app.id,
      clientId: session.client.id,
      tokenHash: sha256Hex(session.accessToken),
      expiresAt: session.expiresAt,
    });
  }

  return {
    register(app: FastifyInstance) {
      app.get(
        TICKER_PATH,
        { websocket: true, schema: { hide: true }, preValidation: admit },
        (socket, request) => {
          const who = admitted.get(request)!;
          const connection: Connection = {
            socket,
            ...who,
            modes: new Map(),
            ticked: false,
            ended: false,
          };
          connections.add(connection);
          socket.on('message', (raw) => onTickerMessage(deps, connection, String(raw)));
          socket.on('close', () => connections.delete(connection));
          socket.on('error', () => socket.terminate());
        },
      );
    },

    /**
     * Hears the changes that end sessions — a logout, an app disabled or deleted (this
     * channel), the firm's settings (the API switched off) — from every instance. The server
     * only (a CLI command opens no bus subscription); answers the stop.
     */
    listen(bus: Pick<Bus, 'subscribe'>) {
      const stops = [
        bus.subscribe(CONNECT_SESSIONS_CHANNEL, recheckApp),
        bus.subscribe(SETTINGS_CHANGED_CHANNEL, () => recheckApp(ALL_APPS)),
      ];
      return () => stops.forEach((stop) => stop());
    },

    /** Whether the client has a ticker connection open on this instance. */
    listensTo(clientId: string) {
      for (const connection of connections)
        if (connection.clientId === clientId && !connection.ended) return true;
      return false;
    },

    /** An order update to every ticker connection of the client on this instance. */
    pushOrder(clientId: string, order: unknown) {
      const text = JSON.stringify({ type: 'order', data: order });
      for (const connection of connections)
        if (connection.clientId === clientId && !connection.ended) connection.socket.send(text);
    },

    async close() {
      stopQuotes();
      clearInterval(heartbeat);
      for (const connection of connections) connection.socket.close(1012, 'service restart');
      await slots.close();
    },
  };
}
export type Ticker = ReturnType<typeof createTicker>;
