import { type Connection, INSTRUMENTS_MAX, type TickerDeps } from './ticker-deps.ts';
import { frameOf, packetOf, type TickMode, type TickState } from './tick-packets.ts';

const MODES: TickMode[] = ['ltp', 'quote', 'full'];

function stateOf({ engine, market }: TickerDeps, symbol: string): TickState | null {
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

/** One frame of the connection's subscribed instruments among `symbols`, in its modes. */
export function sendTicks(deps: TickerDeps, connection: Connection, symbols: Iterable<string>) {
  if (connection.ended) return;
  const packets: Buffer[] = [];
  for (const symbol of symbols) {
    const mode = connection.modes.get(symbol);
    const state = mode ? stateOf(deps, symbol) : null;
    if (mode && state) packets.push(packetOf(state, mode));
  }
  // A frame holds at most 65,535 packets by its 2-byte count; 3,000 fit in one.
  if (packets.length === 0) return;
  connection.socket.send(frameOf(packets), { binary: true });
  connection.ticked = true;
}

/** A text message from the app: subscribe, unsubscribe or mode; anything else is ignored. */
export function onTickerMessage(deps: TickerDeps, connection: Connection, raw: string) {
  let message: { a?: string; v?: unknown };
  try {
    message = JSON.parse(raw) as { a?: string; v?: unknown };
  } catch {
    return;
  }
  const tokensOf = (value: unknown) =>
    (Array.isArray(value) ? value : []).flatMap((t) => {
      const symbol = deps.market.symbolOfToken(Number(t));
      return symbol ? [symbol] : [];
    });
  if (message.a === 'subscribe') {
    const added = tokensOf(message.v).filter((s) => !connection.modes.has(s));
    for (const symbol of added) {
      if (connection.modes.size >= INSTRUMENTS_MAX) break;
      connection.modes.set(symbol, 'quote');
    }
    sendTicks(deps, connection, added);
  } else if (message.a === 'unsubscribe') {
    for (const symbol of tokensOf(message.v)) connection.modes.delete(symbol);
  } else if (message.a === 'mode' && Array.isArray(message.v)) {
    const [mode, tokens] = message.v as [TickMode, unknown];
    if (!MODES.includes(mode)) return;
    const changed = tokensOf(tokens).filter((s) => connection.modes.has(s));
    for (const symbol of changed) connection.modes.set(symbol, mode);
    sendTicks(deps, connection, changed);
  }
}
