import type { TQuote } from '@sampada/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { refreshSession } from '../api-client';
import { onSessionEnd } from '../session';
import { authStorage } from '../storage';
import { useStoreInTransition } from '../use-store-in-transition';
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

/** Subscribes to some symbols while the component is mounted, without reading their quotes. */
export function useQuoteSubscription(symbols: readonly string[]): void {
  const key = keyOf(symbols);
  const live = getQuotesSocket();
  useEffect(() => (key ? live.subscribe(key.split(',')) : undefined), [key, live]);
}

/**
 * Live quotes for some symbols: subscribes while the component is mounted and returns the
 * latest snapshot-plus-ticks quote of each symbol that has one. The map is the same object
 * until one of these symbols' quotes changes: the socket's news about other symbols (a tick
 * for anything on screen, every 250 ms in market hours) re-renders nothing here. A change
 * renders as a transition, in slices: quotes inform, and a tick must not block a tap.
 */
export function useLiveQuotes(symbols: readonly string[]): Record<string, TQuote> {
  useQuoteSubscription(symbols);
  const key = keyOf(symbols);
  const live = getQuotesSocket();
  const list = useMemo(() => (key ? key.split(',') : []), [key]);
  const kept = useRef<{ list: readonly string[]; quotes: Record<string, TQuote> } | null>(null);
  const read = useCallback(() => {
    const before = kept.current;
    // The socket replaces a quote's object when it changes, so identity says what moved.
    if (
      before?.list === list &&
      list.every((symbol) => before.quotes[symbol] === live.getQuote(symbol))
    )
      return before.quotes;
    const quotes: Record<string, TQuote> = {};
    for (const symbol of list) {
      const quote = live.getQuote(symbol);
      if (quote) quotes[symbol] = quote;
    }
    kept.current = { list, quotes };
    return quotes;
  }, [list, live]);
  return useStoreInTransition(live.onChange, read);
}

/**
 * Whether two quotes say the same: a list laid over live prices makes a new object for every
 * row each time any of its symbols ticks, so a row compares what it shows, not the object.
 */
export function sameQuote(a: TQuote, b: TQuote): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof TQuote)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
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
