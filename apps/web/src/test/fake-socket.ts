import type { TQuote, TWsClientMessage } from '@sampada/shared';
import type { TSocketLike } from '../lib/market/quotes-socket';

/**
 * A WebSocket stand-in for the quote socket: records what the client sends and lets a test
 * play the server. Nothing opens until the test calls open().
 */
export class FakeSocket implements TSocketLike {
  static all: FakeSocket[] = [];
  sent: TWsClientMessage[] = [];
  closedWith: number | undefined;
  onopen: TSocketLike['onopen'] = null;
  onmessage: TSocketLike['onmessage'] = null;
  onclose: TSocketLike['onclose'] = null;
  onerror: TSocketLike['onerror'] = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as TWsClientMessage);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server (or the network) ends the connection. */
  drop(code = 1006) {
    this.onclose?.({ code });
  }
  /** Opens and answers the auth message with ready, as the server does. */
  accept() {
    this.open();
    this.receive({ type: 'ready' });
    return this;
  }
  static latest() {
    return FakeSocket.all[FakeSocket.all.length - 1];
  }
  static reset() {
    FakeSocket.all = [];
  }
}

export const createFakeSocket = (url: string) => new FakeSocket(url);

/** A full quote for tests; override what matters. */
export const makeQuote = (symbol: string, price: number, extra: Partial<TQuote> = {}): TQuote => ({
  symbol,
  market: 'NSE',
  name: `${symbol} Ltd`,
  sector: null,
  price,
  change: 0,
  change_pct: 0,
  open: price,
  high: price,
  low: price,
  prev_close: price,
  volume: 0,
  value: 0,
  upper_band: null,
  lower_band: null,
  week52_high: price,
  week52_low: price,
  updated_at: '2026-01-05T04:00:00.000Z',
  ...extra,
});
