// The live-quote hub's fan-out rules, driven through its real WebSocket handler with sockets
// whose send buffer the test controls (a real socket's buffer cannot be made to back up on
// demand). The protocol over real sockets is covered in market-api.test.ts.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { TQuote } from '@sampada/shared';
import type { AuthService } from '../auth/service.ts';
import type { Bus } from '../../platform/bus.ts';
import type { MarketEngine } from './engine.ts';
import { createLiveQuotes, MAX_BUFFERED_BYTES, ticksFrame } from './live.ts';

class ScriptedSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: Record<string, unknown>[] = [];
  send(data: string | Buffer) {
    this.frames.push(JSON.parse(String(data)) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.close();
  }
  say(message: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(message)));
  }
  ticks() {
    return this.frames
      .filter((f) => f.type === 'ticks')
      .map((f) => f.quotes as Record<string, unknown>[]);
  }
}

function quoteOf(symbol: string, price: number): TQuote {
  return {
    symbol,
    market: 'NSE',
    name: symbol,
    sector: null,
    price,
    change: price - 100,
    change_pct: price - 100,
    open: 100,
    high: Math.max(100, price),
    low: Math.min(100, price),
    prev_close: 100,
    volume: price * 10,
    value: price * 1000,
    upper_band: null,
    lower_band: null,
    week52_high: 200,
    week52_low: 50,
    updated_at: `2026-11-25T10:00:${String(price % 60).padStart(2, '0')}.000Z`,
  };
}

function hub() {
  const quotes = new Map(['AAA', 'BBB', 'CCC'].map((s) => [s, quoteOf(s, 100)]));
  let notify: (symbols: string[]) => void = () => {};
  const engine = {
    onQuotes: (listener: (symbols: string[]) => void) => ((notify = listener), () => {}),
    quote: (symbol: string) => quotes.get(symbol),
  } as unknown as MarketEngine;
  const auth = {
    authenticate: async () => ({ clientId: 'client-1', sessionId: 's' }),
    liveSessionsAmong: async (ids: string[]) => new Set(ids),
  } as unknown as AuthService;
  const bus = { subscribe: () => () => {}, publish: () => {} } as unknown as Bus;
  const live = createLiveQuotes({ engine, auth, bus });
  let handler: (socket: unknown, request: unknown) => void = () => {};
  live.register({ get: (_p: string, _o: unknown, h: typeof handler) => (handler = h) } as never);
  const connect = async (symbols: string[]) => {
    const socket = new ScriptedSocket();
    handler(socket, { raw: { socket: {} } });
    socket.say({ type: 'auth', token: 't' });
    await new Promise((r) => setImmediate(r));
    socket.say({ type: 'subscribe', symbols });
    // The subscription is answered once its session is checked: its snapshot says so.
    while (!socket.frames.some((f) => f.type === 'snapshot'))
      await new Promise((r) => setImmediate(r));
    return socket;
  };
  /** The engine moves these symbols, and the hub flushes as it would after a step. */
  const move = (prices: Record<string, number>) => {
    for (const [symbol, price] of Object.entries(prices))
      quotes.set(symbol, quoteOf(symbol, price));
    notify(Object.keys(prices));
    live.flush();
  };
  return { live, connect, move };
}

describe('live-quote fan-out', () => {
  it('builds one ticks frame from serialised quotes, byte for byte valid JSON', () => {
    const parts = [
      { symbol: 'A', price: 1.5 },
      { symbol: 'ब', price: 2 },
    ].map((q) => Buffer.from(JSON.stringify(q)));
    expect(JSON.parse(String(ticksFrame(parts)))).toEqual({
      type: 'ticks',
      quotes: [
        { symbol: 'A', price: 1.5 },
        { symbol: 'ब', price: 2 },
      ],
    });
    expect(JSON.parse(String(ticksFrame([])))).toEqual({ type: 'ticks', quotes: [] });
  });

  it('sends each socket only its own symbols, with the diff every subscriber shares', async () => {
    const { live, connect, move } = hub();
    const one = await connect(['AAA', 'BBB']);
    const two = await connect(['BBB', 'CCC']);
    move({ AAA: 101, BBB: 102, CCC: 103 });
    move({ BBB: 104 });
    const [first, second] = [one.ticks(), two.ticks()];
    expect(first.map((f) => f.map((q) => q.symbol))).toEqual([['AAA', 'BBB'], ['BBB']]);
    expect(second.map((f) => f.map((q) => q.symbol))).toEqual([['BBB', 'CCC'], ['BBB']]);
    expect(first[1]).toEqual(second[1]);
    // Only what changed: open, prev_close and names never travel in a tick.
    expect(Object.keys(first[1]![0]!)).not.toContain('open');
    expect(first[1]![0]).toMatchObject({ symbol: 'BBB', price: 104, volume: 1040 });
    live.close();
  });

  it('skips a backed-up socket, then catches it up with every field of what it missed', async () => {
    const { live, connect, move } = hub();
    const slow = await connect(['AAA', 'BBB', 'CCC']);
    const quick = await connect(['AAA', 'BBB', 'CCC']);
    move({ AAA: 101 });
    slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    move({ BBB: 102 });
    move({ BBB: 103, CCC: 104 });
    expect(slow.ticks()).toHaveLength(1);
    expect(quick.ticks()).toHaveLength(3);
    expect(live.stats().skipped).toBe(2);

    slow.bufferedAmount = 0;
    move({ AAA: 105 });
    const catchUp = slow.ticks().at(-1)!;
    expect(catchUp.map((q) => q.symbol).sort()).toEqual(['AAA', 'BBB', 'CCC']);
    // Every tick field of the missed symbols, at their current values (not the skipped diffs).
    expect(catchUp.find((q) => q.symbol === 'BBB')).toMatchObject({
      price: 103,
      open: 100,
      high: 103,
      low: 100,
      volume: 1030,
    });
    // Caught up: the next frame is a plain diff again.
    move({ AAA: 106 });
    expect(
      slow
        .ticks()
        .at(-1)!
        .map((q) => q.symbol),
    ).toEqual(['AAA']);
    expect(Object.keys(slow.ticks().at(-1)![0]!)).not.toContain('open');
    live.close();
  });
});
