import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, makeQuote } from '../../test/fake-socket';
import { BACKOFF_MAX_MS, CLOSE_UNAUTHORIZED, QuotesSocket, backoffDelay } from './quotes-socket';

let token = 'access-1';
const refreshToken = vi.fn(async () => {
  token = 'access-2';
});

function makeSocket() {
  return new QuotesSocket({
    url: () => 'ws://test/ws/app/v1',
    getToken: () => token,
    refreshToken,
    createSocket: (url) => new FakeSocket(url),
    random: () => 0.5,
  });
}

const latest = () => FakeSocket.latest()!;
const accept = () => latest().accept();

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
  token = 'access-1';
  refreshToken.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('quote socket (docs/api-market.md "Live quotes")', () => {
  it('opens on the first subscription and authenticates before anything else', () => {
    const live = makeSocket();
    expect(FakeSocket.all).toHaveLength(0);
    live.subscribe(['RELIANCE']);
    const socket = latest();
    expect(socket.url).toBe('ws://test/ws/app/v1');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'access-1' }]);
    socket.receive({ type: 'ready' });
    expect(socket.sent[1]).toEqual({ type: 'subscribe', symbols: ['RELIANCE'] });
  });

  it('keeps one server subscription per symbol however many screens watch it', () => {
    const live = makeSocket();
    const first = live.subscribe(['TCS', 'INFY']);
    const socket = accept();
    const second = live.subscribe(['TCS', 'HDFCBANK']);
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', symbols: ['TCS', 'INFY'] },
      { type: 'subscribe', symbols: ['HDFCBANK'] },
    ]);
    first();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', symbols: ['INFY'] });
    second();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', symbols: ['TCS', 'HDFCBANK'] });
    second();
    expect(socket.sent).toHaveLength(5);
  });

  it('merges the snapshot and the ticks into one quote map and tells listeners', () => {
    const live = makeSocket();
    live.subscribe(['TCS']);
    const socket = accept();
    const listener = vi.fn();
    live.onChange(listener);
    socket.receive({ type: 'snapshot', quotes: [makeQuote('TCS', 3500)] });
    socket.receive({
      type: 'ticks',
      quotes: [
        { symbol: 'TCS', price: 3510.5, change: 10.5 },
        { symbol: 'NOTWATCHED', price: 1 },
      ],
    });
    expect(live.getQuote('TCS')).toMatchObject({ price: 3510.5, change: 10.5, open: 3500 });
    expect(live.getQuote('NOTWATCHED')).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('answers ping with pong', () => {
    const live = makeSocket();
    live.subscribe(['TCS']);
    const socket = accept();
    socket.receive({ type: 'ping', t: 1 });
    expect(socket.sent.at(-1)).toEqual({ type: 'pong' });
  });

  it('reconnects after 1 s, 2 s, 4 s … up to 30 s, and resubscribes to everything', () => {
    const live = makeSocket();
    live.subscribe(['TCS']);
    live.subscribe(['INFY']);
    accept();
    const delays: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const count = FakeSocket.all.length;
      latest().drop();
      let waited = 0;
      while (FakeSocket.all.length === count) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);

    const socket = accept();
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'access-1' },
      { type: 'subscribe', symbols: ['TCS', 'INFY'] },
    ]);
    // Once a connection is ready the schedule starts again at 1 s.
    socket.drop();
    vi.advanceTimersByTime(999);
    expect(latest()).toBe(socket);
    vi.advanceTimersByTime(1);
    expect(latest()).not.toBe(socket);
  });

  it('adds jitter of at most ±20% and never waits longer than 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
    expect(backoffDelay(3, () => 0.5)).toBe(8000);
    expect(backoffDelay(10, () => 1)).toBe(BACKOFF_MAX_MS);
  });

  it('refreshes the token on close code 4401, then reconnects with the new one', async () => {
    const live = makeSocket();
    live.subscribe(['TCS']);
    const socket = latest();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    socket.open();
    socket.receive({ type: 'error', message: 'Session expired.' });
    expect(warn).toHaveBeenCalledWith('Quote socket:', 'Session expired.');
    socket.drop(CLOSE_UNAUTHORIZED);
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(refreshToken).toHaveBeenCalledWith('access-1');
    latest().open();
    expect(latest().sent[0]).toEqual({ type: 'auth', token: 'access-2' });
  });

  it('drops a connection that stays silent for 45 s and reconnects', () => {
    const live = makeSocket();
    live.subscribe(['TCS']);
    const socket = accept();
    vi.advanceTimersByTime(30_000);
    socket.receive({ type: 'ping', t: 2 });
    vi.advanceTimersByTime(44_999);
    expect(socket.closedWith).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('waits for a token, and closes for good on logout', () => {
    token = '';
    const live = makeSocket();
    live.subscribe(['TCS']);
    expect(FakeSocket.all).toHaveLength(0);
    token = 'access-1';
    live.subscribe(['INFY']);
    const socket = accept();
    live.close();
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(live.getQuote('TCS')).toBeUndefined();
  });
});
