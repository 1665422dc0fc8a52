import type {
  TChatFrame,
  TClientNotification,
  TMarketStatus,
  TPriceAlert,
  TQuote,
  TWsClientMessage,
  TWsServerMessage,
} from '@sampada/shared';

/** The part of the browser's WebSocket this client uses, so tests can hand in a fake. */
export interface TSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type TSocketFactory = (url: string) => TSocketLike;

export interface TQuotesSocketOptions {
  url: () => string;
  /** The current access token; without one the socket waits. */
  getToken: () => string | undefined;
  /** The app's token refresh, run with the rejected token when the server closes with 4401. */
  refreshToken: (rejected: string) => Promise<unknown>;
  createSocket?: TSocketFactory;
  random?: () => number;
  /** Drop a connection that has said nothing for this long (the server pings every 15 s). */
  silenceMs?: number;
}

/** The server's close code for a missing, expired or invalid token (docs/api-market.md). */
export const CLOSE_UNAUTHORIZED = 4401;
export const BACKOFF_INITIAL_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
const SILENCE_MS = 45_000;

/**
 * Reconnect delay: 1 s doubling to 30 s, ±20% jitter so that clients dropped together do
 * not all come back in the same instant; never above 30 s.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** attempt);
  return Math.round(Math.min(BACKOFF_MAX_MS, base * (0.8 + 0.4 * random())));
}

const browserSocket: TSocketFactory = (url) => new WebSocket(url) as unknown as TSocketLike;

/**
 * One connection to /ws/app/v1 for the whole app (docs/api-market.md "Live quotes"):
 * authenticates first, keeps one server subscription per symbol however many screens
 * watch it (reference counts), merges snapshots and ticks into a quote map, answers pings,
 * and reconnects with backoff, subscribing again to everything it had.
 */
export class QuotesSocket {
  private readonly counts = new Map<string, number>();
  private readonly quotes = new Map<string, TQuote>();
  private readonly listeners = new Set<() => void>();
  /** Listeners of the support chat's frames, which ride this connection (docs/api-support.md). */
  private readonly chatListeners = new Set<(frame: TChatFrame | { type: 'ready' }) => void>();
  /** Holders that need the connection without watching a symbol (the open chat widget). */
  private holds = 0;
  private readonly alertListeners = new Set<(alert: TPriceAlert) => void>();
  private readonly noticeListeners = new Set<(notice: TClientNotification) => void>();
  private readonly createSocket: TSocketFactory;
  private readonly random: () => number;
  private readonly silenceMs: number;
  private socket: TSocketLike | null = null;
  /** The token the current connection authenticated with. */
  private sentToken = '';
  private ready = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Bumped on every change, for useSyncExternalStore. */
  version = 0;
  status: TMarketStatus | null = null;

  constructor(private readonly options: TQuotesSocketOptions) {
    this.createSocket = options.createSocket ?? browserSocket;
    this.random = options.random ?? Math.random;
    this.silenceMs = options.silenceMs ?? SILENCE_MS;
  }

  /** Watches symbols until the returned function is called. */
  subscribe(symbols: readonly string[]): () => void {
    const added: string[] = [];
    for (const symbol of new Set(symbols)) {
      const count = this.counts.get(symbol) ?? 0;
      this.counts.set(symbol, count + 1);
      if (count === 0) added.push(symbol);
    }
    if (added.length && this.ready) this.send({ type: 'subscribe', symbols: added });
    this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(symbols);
    };
  }

  /** Keeps the connection open until the returned function is called (the chat widget). */
  hold(): () => void {
    this.holds += 1;
    this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
    };
  }

  /** Chat frames (and `ready`, so an outbox can flush after a reconnect). */
  onChat(listener: (frame: TChatFrame | { type: 'ready' }) => void): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  /** Tells the agents the client is typing; dropped when not connected. */
  sendChatTyping() {
    if (this.ready) this.send({ type: 'chat.typing' });
  }

  getQuote(symbol: string): TQuote | undefined {
    return this.quotes.get(symbol);
  }

  onChange = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  /** Hears this client's price alerts as they fire (docs/api-market.md "Price alerts"). */
  onAlert = (listener: (alert: TPriceAlert) => void): (() => void) => {
    this.alertListeners.add(listener);
    return () => this.alertListeners.delete(listener);
  };

  /** Hears what happened to this client's records (a deposit credited, an order filled). */
  onNotification = (listener: (notice: TClientNotification) => void): (() => void) => {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  };

  /** Ends the connection for good (logout). */
  close() {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.dropSocket();
    this.counts.clear();
    this.quotes.clear();
    this.changed();
  }

  private release(symbols: readonly string[]) {
    const removed: string[] = [];
    for (const symbol of new Set(symbols)) {
      const count = this.counts.get(symbol) ?? 0;
      if (count <= 1) {
        this.counts.delete(symbol);
        // Forget the quote: a later subscription gets a fresh snapshot.
        this.quotes.delete(symbol);
        removed.push(symbol);
      } else {
        this.counts.set(symbol, count - 1);
      }
    }
    if (removed.length && this.ready) this.send({ type: 'unsubscribe', symbols: removed });
  }

  private connect() {
    if (this.closed || this.socket || this.reconnectTimer !== undefined) return;
    if (this.counts.size === 0 && this.holds === 0) return;
    const token = this.options.getToken();
    if (!token) return;
    const socket = this.createSocket(this.options.url());
    this.socket = socket;
    socket.onopen = () => {
      this.sentToken = this.options.getToken() ?? token;
      this.send({ type: 'auth', token: this.sentToken });
      this.watchSilence();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // A close event follows; reconnecting is decided there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      clearTimeout(this.silenceTimer);
      if (this.closed) return;
      if (event.code === CLOSE_UNAUTHORIZED) this.reauthenticate();
      else this.scheduleReconnect();
    };
  }

  private reauthenticate() {
    this.options
      .refreshToken(this.sentToken)
      .then(() => this.connect())
      // The refresh failed: the HTTP client is already signing the user out.
      .catch(() => {});
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnectTimer !== undefined) return;
    const delay = backoffDelay(this.attempt, this.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  /** A half-open connection never closes by itself: give up on one that went quiet. */
  private watchSilence() {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.dropSocket();
      this.scheduleReconnect();
    }, this.silenceMs);
  }

  private dropSocket() {
    clearTimeout(this.silenceTimer);
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(1000);
    } catch {
      // Closing a socket that never opened may throw; it is gone either way.
    }
  }

  private send(message: TWsClientMessage) {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch (error) {
      console.error('Quote socket send failed', error);
    }
  }

  private receive(data: unknown) {
    this.watchSilence();
    let message: TWsServerMessage;
    try {
      message = JSON.parse(String(data)) as TWsServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'ready': {
        this.ready = true;
        this.attempt = 0;
        const symbols = [...this.counts.keys()];
        if (symbols.length) this.send({ type: 'subscribe', symbols });
        this.chatListeners.forEach((listener) => listener({ type: 'ready' }));
        return;
      }
      case 'chat':
        this.chatListeners.forEach((listener) => listener(message));
        return;
      case 'snapshot':
        for (const quote of message.quotes) {
          if (this.counts.has(quote.symbol)) this.quotes.set(quote.symbol, quote);
        }
        this.changed();
        return;
      case 'ticks':
        for (const tick of message.quotes) {
          const previous = this.quotes.get(tick.symbol);
          if (previous) this.quotes.set(tick.symbol, { ...previous, ...tick });
        }
        this.changed();
        return;
      case 'ping':
        this.send({ type: 'pong' });
        return;
      case 'status':
        this.status = message.status;
        this.changed();
        return;
      case 'alert':
        this.alertListeners.forEach((listener) => listener(message.alert));
        return;
      case 'notification':
        this.noticeListeners.forEach((listener) => listener(message.notification));
        return;
      case 'error':
        console.warn('Quote socket:', message.message);
        return;
    }
  }

  private changed() {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }
}
