/**
 * The ticker (GET /connect/ws?api_key=…&access_token=…): Kite Connect v3's WebSocket. Text
 * `{"a":"subscribe"|"unsubscribe"|"mode","v":…}` in; binary tick frames out when the market
 * moves (tick-packets.ts), a 1-byte heartbeat in every second without ticks, and the user's
 * order updates as text `{"type":"order","data":…}`. Up to 3,000 instruments a connection and
 * 3 connections an app, on this instance.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Connection, CONNECTIONS_MAX, type TickerDeps } from './ticker-deps.ts';
import { onTickerMessage, sendTicks } from './ticker-frames.ts';
import { HEARTBEAT } from './tick-packets.ts';
import { KiteError } from './wire.ts';

export { CONNECTIONS_MAX, INSTRUMENTS_MAX } from './ticker-deps.ts';
export const TICKER_PATH = '/connect/ws';

export function createTicker(deps: TickerDeps) {
  const { engine, sessions } = deps;
  const connections = new Set<Connection>();
  const admitted = new WeakMap<FastifyRequest, { appId: string; clientId: string }>();

  const stopQuotes = engine.onQuotes((symbols) => {
    for (const connection of connections) sendTicks(deps, connection, symbols);
  });
  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.ticked) connection.socket.send(HEARTBEAT, { binary: true });
      connection.ticked = false;
    }
  }, 1000);
  heartbeat.unref();

  /** The handshake's check: a live session, and a free connection for the app. */
  async function admit(request: FastifyRequest) {
    const query = request.query as { api_key?: string; access_token?: string };
    const session = await sessions.authenticate(query.api_key ?? '', query.access_token ?? '');
    const open = [...connections].filter((c) => c.appId === session.app.id).length;
    if (open >= CONNECTIONS_MAX)
      throw new KiteError('NetworkException', 'Too many connections for this app.', 429);
    admitted.set(request, { appId: session.app.id, clientId: session.client.id });
  }

  return {
    register(app: FastifyInstance) {
      app.get(
        TICKER_PATH,
        { websocket: true, schema: { hide: true }, preValidation: admit },
        (socket, request) => {
          const who = admitted.get(request)!;
          const connection: Connection = { socket, ...who, modes: new Map(), ticked: false };
          connections.add(connection);
          socket.on('message', (raw) => onTickerMessage(deps, connection, String(raw)));
          socket.on('close', () => connections.delete(connection));
          socket.on('error', () => socket.terminate());
        },
      );
    },

    /** An order update to every ticker connection of the client on this instance. */
    pushOrder(clientId: string, order: unknown) {
      const text = JSON.stringify({ type: 'order', data: order });
      for (const connection of connections)
        if (connection.clientId === clientId) connection.socket.send(text);
    },

    close() {
      stopQuotes();
      clearInterval(heartbeat);
      for (const connection of connections) connection.socket.close(1012, 'service restart');
    },
  };
}
export type Ticker = ReturnType<typeof createTicker>;
