import type { TQuote } from '@sampada/shared';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { refreshSession } from '../api-client';
import { onSessionEnd } from '../session';
import { authStorage } from '../storage';
import { QuotesSocket, type TSocketFactory } from './quotes-socket';

export const QUOTES_SOCKET_PATH = '/ws/app/v1';

let createSocket: TSocketFactory | undefined;
let socket: QuotesSocket | null = null;

/** Tests hand in a fake WebSocket here before anything subscribes. */
export function setQuotesSocketFactory(factory: TSocketFactory | undefined) {
  createSocket = factory;
  socket?.close();
  socket = null;
}

/** The app's one quote connection, opened on the first subscription. */
export function getQuotesSocket(): QuotesSocket {
  socket ??= new QuotesSocket({
    url: () => `${window.location.origin.replace(/^http/, 'ws')}${QUOTES_SOCKET_PATH}`,
    getToken: () => authStorage.get()?.access_token,
    refreshToken: refreshSession,
    createSocket,
  });
  return socket;
}

onSessionEnd(() => {
  socket?.close();
  socket = null;
});

const keyOf = (symbols: readonly string[]) => [...new Set(symbols)].sort().join(',');

/**
 * Live quotes for some symbols: subscribes while the component is mounted and returns the
 * latest snapshot-plus-ticks quote of each symbol that has one.
 */
export function useLiveQuotes(symbols: readonly string[]): Record<string, TQuote> {
  const key = keyOf(symbols);
  const live = getQuotesSocket();
  useEffect(() => (key ? live.subscribe(key.split(',')) : undefined), [key, live]);
  const version = useSyncExternalStore(live.onChange, live.getVersion, live.getVersion);
  return useMemo(() => {
    const quotes: Record<string, TQuote> = {};
    if (!key) return quotes;
    for (const symbol of key.split(',')) {
      const quote = live.getQuote(symbol);
      if (quote) quotes[symbol] = quote;
    }
    return quotes;
    // version is read only to make a new map whenever the socket has news.
  }, [key, live, version]);
}

/** The newer of a fetched quote and its live one. */
export function newerQuote<T extends TQuote>(fetched: T, live: TQuote | undefined): T {
  if (!live || live.updated_at < fetched.updated_at) return fetched;
  return { ...fetched, ...live };
}

/** A fetched list with live prices laid over it, in the same order. */
export function useLiveList<T extends TQuote>(list: readonly T[] | undefined): T[] {
  const live = useLiveQuotes(list?.map((quote) => quote.symbol) ?? []);
  return useMemo(
    () => (list ?? []).map((quote) => newerQuote(quote, live[quote.symbol])),
    [list, live],
  );
}
