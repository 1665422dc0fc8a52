/**
 * useLiveQuotes re-renders a screen only for its own symbols: in market hours the socket has
 * news every 250 ms for everything on screen, and a hook that changed its answer for any of
 * it re-rendered the whole signed-in shell (the alert watcher sat in the layout) at each tick.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket, createFakeSocket, makeQuote } from '../../test/fake-socket';
import { authStorage } from '../storage';
import { setQuotesSocketFactory, useLiveQuotes, useQuoteSubscription } from './live-quotes';

beforeEach(() => {
  FakeSocket.reset();
  setQuotesSocketFactory(createFakeSocket);
  authStorage.set(
    {
      access_token: 'a',
      refresh_token: 'r',
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 1,
    },
    false,
  );
});
afterEach(() => setQuotesSocketFactory(undefined));

const serve = () => {
  const socket = FakeSocket.latest()!;
  act(() => void socket.accept());
  return (message: unknown) => act(() => socket.receive(message));
};

describe('useLiveQuotes', () => {
  it('keeps the same answer, and renders nothing, while only other symbols move', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useLiveQuotes(['TCS']);
    });
    // Another screen watches INFY on the same socket.
    renderHook(() => useLiveQuotes(['INFY']));
    const send = serve();
    send({ type: 'snapshot', quotes: [makeQuote('TCS', 4_000), makeQuote('INFY', 1_600)] });
    const first = result.current;
    expect(first.TCS?.price).toBe(4_000);
    const rendersThen = renders;

    send({ type: 'ticks', quotes: [{ symbol: 'INFY', price: 1_601, updated_at: Date.now() }] });
    send({ type: 'ticks', quotes: [{ symbol: 'INFY', price: 1_602, updated_at: Date.now() }] });
    expect(result.current).toBe(first);
    expect(renders).toBe(rendersThen);

    send({ type: 'ticks', quotes: [{ symbol: 'TCS', price: 4_001, updated_at: Date.now() }] });
    expect(result.current).not.toBe(first);
    expect(result.current.TCS?.price).toBe(4_001);
    expect(renders).toBe(rendersThen + 1);
  });

  it('subscribes without reading: a watcher that needs no prices never re-renders for them', () => {
    let renders = 0;
    renderHook(() => {
      renders += 1;
      useQuoteSubscription(['RELIANCE']);
    });
    const socket = FakeSocket.latest()!;
    const send = serve();
    expect(socket.sent).toContainEqual({ type: 'subscribe', symbols: ['RELIANCE'] });
    const rendersThen = renders;
    send({ type: 'snapshot', quotes: [makeQuote('RELIANCE', 1_500)] });
    send({ type: 'ticks', quotes: [{ symbol: 'RELIANCE', price: 1_501, updated_at: Date.now() }] });
    expect(renders).toBe(rendersThen);
  });
});
