/**
 * The ticker (GET /connect/ws?api_key=…&access_token=…): Kite Connect v3's WebSocket. Text
 * `{"a":"subscribe"|"unsubscribe"|"mode","v":…}` in; binary tick frames out when the market
 * moves (tick-packets.ts), a 1-byte heartbeat in every second without ticks, and the user's
 * order updates as text `{"type":"order","data":…}`. Up to 3,000 instruments a connection and
 * 3 connections an app, on this instance.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Market } from '../market/service.ts';
import type { KiteMarket } from './kite-market.ts';
import type { Sessions } from './sessions.ts';
import { frameOf, HEARTBEAT, packetOf, type TickMode, type TickState } from './tick-packets.ts';
import { KiteError } from './wire.ts';

export const TICKER_PATH = '/connect/ws';
export const INSTRUMENTS_MAX = 3000;
export const CONNECTIONS_MAX = 3;
const MODES: TickMode[] = ['ltp', 'quote', 'full'];

type Connection = {
  socket: WebSocket;
  appId: string;
  clientId: string;
  modes: Map<string, TickMode>;
  ticked: boolean;
};

type Deps = { engine: Market['engine']; market: KiteMarket; sessions: Sessions };

export function createTicker({ engine, market, sessions }: Deps) {
  const connections = new Set<Connection>();
  const admitted = new WeakMap<FastifyRequest, { appId: string; clientId: string }>();

  function stateOf(symbol: string): TickState | null {
    const state = engine.state(symbol);
    const instrument = engine.instrument(symbol);
    if (!state || !instrument) return null;
    return {
      token: market.tokenOf(symbol),
      index: instrument.market === 'INDEX',
      last: state.last,
      open: state.open ?? state.last,
      high: state.high ?? state.last,
      low: state.low ?? state.last,
      close: state.prevClose,
      volume: state.volume,
      averagePaise: state.volume ? state.valuePaise / state.volume : 0,
      at: Math.floor(state.updatedAt.getTime() / 1000),
    };
  }

  function send(connection: Connection, symbols: Iterable<string>) {
    const packets: Buffer[] = [];
    for (const symbol of symbols) {
      const mode = connection.modes.get(symbol);
      const state = mode ? stateOf(symbol) : null;
      if (mode && state) packets.push(packetOf(state, mode));
    }
    // A frame holds at most 65,535 packets by its 2-byte count; 3,000 fit in one.
    if (packets.length === 0) return;
    connection.socket.send(frameOf(packets), { binary: true });
    connection.ticked = true;
  }

  const stopQuotes = engine.onQuotes((symbols) => {
    for (const connection of connections) send(connection, symbols);
  });
  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.ticked) connection.socket.send(HEARTBEAT, { binary: true });
      connection.ticked = false;
    }
  }, 1000);
  heartbeat.unref();

  function onMessage(connection: Connection, raw: string) {
    let message: { a?: string; v?: unknown };
    try {
      message = JSON.parse(raw) as { a?: string; v?: unknown };
    } catch {
      return;
    }
    const tokensOf = (value: unknown) =>
      (Array.isArray(value) ? value : []).flatMap((t) => {
        const symbol = market.symbolOfToken(Number(t));
        return symbol ? [symbol] : [];
      });
    if (message.a === 'subscribe') {
      const added = tokensOf(message.v).filter((s) => !connection.modes.has(s));
      for (const symbol of added) {
        if (connection.modes.size >= INSTRUMENTS_MAX) break;
        connection.modes.set(symbol, 'quote');
      }
      send(connection, added);
    } else if (message.a === 'unsubscribe') {
      for (const symbol of tokensOf(message.v)) connection.modes.delete(symbol);
    } else if (message.a === 'mode' && Array.isArray(message.v)) {
      const [mode, tokens] = message.v as [TickMode, unknown];
      if (!MODES.includes(mode)) return;
      const changed = tokensOf(tokens).filter((s) => connection.modes.has(s));
      for (const symbol of changed) connection.modes.set(symbol, mode);
      send(connection, changed);
    }
  }

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
          socket.on('message', (raw) => onMessage(connection, String(raw)));
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
