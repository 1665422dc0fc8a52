/**
 * The fan-out's hot path (decision 022): each moved symbol's tick serialised once per flush
 * and shared by every subscriber; a backed-up socket skips the flush and later gets the
 * full fields of what it missed.
 */
import {
  diffQuote,
  encode,
  type Connection,
  MAX_BUFFERED_BYTES,
  ticksFrame,
} from './live-frames.ts';
import { type Hub, scheduleFlush, send } from './live-hub.ts';

/** One flush's serialised parts: the diffs of what moved, and full ticks made on demand. */
type Parts = { diffs: Map<string, Buffer>; fulls: Map<string, Buffer> };

function full(hub: Hub, { fulls }: Parts, symbol: string) {
  let part = fulls.get(symbol);
  if (!part) fulls.set(symbol, (part = encode(diffQuote(undefined, hub.engine.quote(symbol)!))));
  return part;
}

function deliver(hub: Hub, parts: Parts, connection: Connection) {
  const symbols = connection.pending;
  if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    if (symbols.length) {
      connection.missed ??= new Set();
      for (const symbol of symbols) connection.missed.add(symbol);
      hub.lagging.add(connection);
      hub.stats.skipped++;
    }
    symbols.length = 0;
    return;
  }
  const { fresh, missed } = connection;
  const { diffs } = parts;
  const frame: Buffer[] = [];
  for (const symbol of symbols)
    frame.push(
      fresh?.has(symbol) || missed?.has(symbol) ? full(hub, parts, symbol) : diffs.get(symbol)!,
    );
  symbols.length = 0;
  if (missed) {
    for (const symbol of missed) if (!diffs.has(symbol)) frame.push(full(hub, parts, symbol));
    connection.missed = null;
    hub.lagging.delete(connection);
  }
  if (frame.length) send(hub, connection, ticksFrame(frame));
}

export function flush(hub: Hub) {
  hub.lastFlushAt = Date.now();
  if (hub.dirty.size === 0 && hub.lagging.size === 0) return;
  hub.stats.flushes++;
  const parts: Parts = { diffs: new Map(), fulls: new Map() };
  const touched: Connection[] = [];
  for (const symbol of hub.dirty) {
    const quote = hub.engine.quote(symbol);
    const set = hub.subscribers.get(symbol);
    if (!quote || !set) continue;
    parts.diffs.set(symbol, encode(diffQuote(hub.lastFlushed.get(symbol), quote)));
    hub.lastFlushed.set(symbol, quote);
    for (const connection of set) {
      if (connection.pending.length === 0) touched.push(connection);
      connection.pending.push(symbol);
    }
  }
  hub.dirty.clear();
  for (const connection of touched) deliver(hub, parts, connection);
  for (const connection of hub.lagging) deliver(hub, parts, connection);
  for (const connection of hub.freshened) connection.fresh = null;
  hub.freshened.clear();
  // A backed-up socket is tried again even when the market has gone quiet.
  if (hub.lagging.size) scheduleFlush(hub);
}
