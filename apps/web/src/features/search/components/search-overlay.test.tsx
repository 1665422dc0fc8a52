import { M, SEARCH_DEBOUNCE_MS, type TSearchItem } from '@sampada/shared';
import { act, screen, within } from '@testing-library/react';
import type { THttpConfig } from '../../../lib/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawerStore } from '../../../lib/drawers';
import { restoreClock, useFakeClock } from '../../../test/fake-clock';
import { fail, mockApi, ok, type TMockResponse } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { SearchOverlay } from './search-overlay';

const items: TSearchItem[] = [
  { symbol: 'RELIANCE', market: 'NSE', name: 'Reliance Industries', price: 2456.1 },
  { symbol: 'RELINFRA', market: 'NSE', name: 'Reliance Infrastructure', price: 312 },
  { symbol: 'NIFTY50', market: 'INDEX', name: 'NIFTY 50', price: 24812.355 },
];

const CONFIG = ok({
  stock_api_key: 'key-1',
  ws_path: '/ws/app/v1',
  coalesce_ms: 250,
  heartbeat_ms: 15000,
});
const SEARCH = 'GET /stock/api/v1/search/';

function setup(search: TMockResponse | ((config: THttpConfig) => Promise<TMockResponse>)) {
  const http = mockApi({ 'GET /market/app/v1/config': CONFIG, [SEARCH]: search });
  const onClose = vi.fn();
  renderWithProviders(<SearchOverlay opened onClose={onClose} />);
  const user = useFakeClock();
  const input = screen.getByPlaceholderText('Search...');
  return { http, onClose, user, input, searches: () => http.callsTo(SEARCH) };
}

/**
 * Moves the fake clock and lets the answers arrive. (findBy* polls on timers, which are
 * fake here, so the tests read the screen right after the clock has moved.)
 */
const wait = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(0));
};

beforeEach(() => {
  resetAppState();
  drawerStore.set({ open: null });
});
afterEach(restoreClock);

describe('global search overlay (spec §2, §4, §9)', () => {
  it("has the placeholder 'Search...' and waits 400 ms after the last key before searching", async () => {
    const { user, input, searches, http } = setup(ok({ items }));
    expect(input).toHaveAttribute('placeholder', M.searchPlaceholder);
    await user.type(input, 'rel');
    expect(screen.getByText(M.searchLoading)).toBeInTheDocument();
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(searches()).toHaveLength(0);
    await wait(1);
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.params).toEqual({ query: 'rel' });
    // The stock-data API carries the key read once from the market config (spec §7).
    expect(searches()[0]!.apiKey).toBe('key-1');
    expect(http.callsTo('GET /market/app/v1/config')).toHaveLength(1);
    expect(screen.getByTestId('search-result-RELIANCE')).toBeInTheDocument();
    expect(screen.queryByText(M.searchLoading)).not.toBeInTheDocument();
  });

  it('shows symbol, market, name and the price in rupees with 2 decimals', async () => {
    const { user, input } = setup(ok({ items }));
    await user.type(input, 'r');
    await wait(SEARCH_DEBOUNCE_MS);
    const row = screen.getByTestId('search-result-RELIANCE');
    expect(row).toHaveTextContent('RELIANCE');
    expect(row).toHaveTextContent('NSE');
    expect(row).toHaveTextContent('Reliance Industries');
    expect(row).toHaveTextContent('₹2,456.10');
    expect(screen.getByTestId('search-result-NIFTY50')).toHaveTextContent('₹24,812.36');
  });

  it('aborts the earlier request as soon as the text changes; only the latest counts', async () => {
    const signals: AbortSignal[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, input, searches } = setup(async (config) => {
      signals.push(config.signal as AbortSignal);
      const query = (config.params as { query: string }).query;
      // The first search answers late: after the second one.
      await new Promise((resolve) => setTimeout(resolve, query === 'r' ? 5000 : 50));
      return ok({ items: query === 'r' ? [items[1]] : [items[0]] });
    });
    await user.type(input, 'r');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(searches()).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    await user.type(input, 'e');
    expect(signals[0]!.aborted).toBe(true);
    await wait(SEARCH_DEBOUNCE_MS + 50);
    expect(searches().map((call) => call.params)).toEqual([{ query: 'r' }, { query: 're' }]);
    expect(screen.getByTestId('search-result-RELIANCE')).toBeInTheDocument();
    await wait(5000);
    expect(screen.queryByTestId('search-result-RELINFRA')).not.toBeInTheDocument();
    // An abort is not a failure: nothing is logged.
    expect(error).not.toHaveBeenCalled();
  });

  it('moves the highlight with the arrows, wraps, and opens the stock detail on Enter', async () => {
    const { user, input, onClose } = setup(ok({ items }));
    await user.type(input, 'rel');
    await wait(SEARCH_DEBOUNCE_MS);
    const listbox = screen.getByRole('listbox');
    const selected = () =>
      within(listbox)
        .getAllByRole('option')
        .filter((option) => option.getAttribute('aria-selected') === 'true')
        .map((option) => option.dataset.testid);
    expect(selected()).toEqual(['search-result-RELIANCE']);
    await user.keyboard('{ArrowDown}');
    expect(selected()).toEqual(['search-result-RELINFRA']);
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByTestId('search-result-RELINFRA').id,
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(selected()).toEqual(['search-result-RELIANCE']);
    await user.keyboard('{ArrowUp}');
    expect(selected()).toEqual(['search-result-NIFTY50']);
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(drawerStore.get()).toEqual({
      open: 'stock-detail',
      stock: { symbol: 'NIFTY50', market: 'INDEX' },
    });
  });

  it('closes on Escape', async () => {
    const { user, input, onClose } = setup(ok({ items }));
    await user.type(input, 'r');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(drawerStore.get().open).toBeNull();
  });

  it("says 'No results found.' for an empty answer, and clearing the text resets everything", async () => {
    const { user, input, searches } = setup(ok({ items: [] }));
    await user.type(input, 'zzz');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(screen.getByText(M.searchEmpty)).toBeInTheDocument();
    await user.clear(input);
    expect(screen.queryByText(M.searchEmpty)).not.toBeInTheDocument();
    expect(screen.queryByText(M.searchLoading)).not.toBeInTheDocument();
    await wait(SEARCH_DEBOUNCE_MS);
    expect(searches()).toHaveLength(1);
  });

  it('searches nothing for blank text (minimum length 1 after trimming)', async () => {
    const { user, input, searches } = setup(ok({ items }));
    await user.type(input, '   ');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(searches()).toHaveLength(0);
    expect(screen.queryByText(M.searchLoading)).not.toBeInTheDocument();
  });

  it('only logs a failed search (no toast) and shows the empty state', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, input } = setup(fail(500, 'Search is down.'));
    await user.type(input, 'r');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(screen.getByText(M.searchEmpty)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      'Search failed',
      expect.objectContaining({ message: 'Search is down.' }),
    );
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });
});
