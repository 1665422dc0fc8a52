import type { TMarketListItem } from '@sampada/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { drawerStore } from '../../../lib/drawers';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { MarketList } from './market-list';

const stock = (symbol: string): TMarketListItem => ({
  kind: 'stock',
  id: symbol,
  symbol,
  name: `${symbol} Ltd`,
  price: 100,
  change_pct: 0.5,
  detail: 'Banks',
});
const otc: TMarketListItem = {
  kind: 'otc',
  id: 'q1',
  symbol: 'HDFCBANK',
  name: 'HDFC Bank',
  price: 1402.5,
  change_pct: null,
  detail: 'Buy 5,000 @ ₹1,402.50',
};

beforeEach(() => {
  resetAppState();
  drawerStore.set({ open: null });
});

describe('market filter (spec §3)', () => {
  it('pages through the list with Load more, passing the cursor', async () => {
    const http = mockApi({
      'GET /market/app/v1/list': (config) =>
        (config.params as { cursor?: string }).cursor === 'c2'
          ? ok({ items: [stock('TCS')], next_cursor: null })
          : ok({ items: [stock('INFY')], next_cursor: 'c2' }),
    });
    const { user } = renderWithProviders(<MarketList />);
    expect(await screen.findByTestId('market-row-stock-INFY')).toHaveTextContent(
      'INFY Ltd · Banks',
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('market-row-stock-TCS')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(http.callsTo('GET /market/app/v1/list').map((call) => call.params)).toEqual([
      { filter: 'all', cursor: undefined, limit: 20 },
      { filter: 'all', cursor: 'c2', limit: 20 },
    ]);
  });

  it("shows an OTC row's offer and says plainly when a filter has nothing", async () => {
    mockApi({
      'GET /market/app/v1/list': (config) => {
        const filter = (config.params as { filter: string }).filter;
        return ok({ items: filter === 'otc' ? [otc] : [], next_cursor: null });
      },
    });
    const { user } = renderWithProviders(<MarketList />);
    await user.click(await screen.findByRole('radio', { name: 'OTC' }));
    const row = await screen.findByTestId('market-row-otc-q1');
    expect(row).toHaveTextContent('Buy 5,000 @ ₹1,402.50');
    expect(row).toHaveTextContent('₹1,402.50');
    await user.click(screen.getByRole('radio', { name: 'IPO' }));
    await waitFor(() =>
      expect(screen.getByText('No IPOs are open right now.')).toBeInTheDocument(),
    );
  });

  it('opens stock detail from a stock row, and the matching drawer from an OTC or IPO row', async () => {
    const ipo: TMarketListItem = { ...otc, kind: 'ipo', id: 'i1', detail: 'Band ₹90–95' };
    mockApi({
      'GET /market/app/v1/list': ok({ items: [otc, ipo, stock('INFY')], next_cursor: null }),
    });
    const { user } = renderWithProviders(<MarketList />);
    await user.click(await screen.findByTestId('market-row-otc-q1'));
    expect(drawerStore.get()).toMatchObject({
      open: 'otc',
      deal: { kind: 'otc', offeringId: 'q1' },
    });
    await user.click(screen.getByTestId('market-row-ipo-i1'));
    expect(drawerStore.get()).toMatchObject({
      open: 'ipo',
      deal: { kind: 'ipo', offeringId: 'i1' },
    });
    await user.click(screen.getByTestId('market-row-stock-INFY'));
    expect(drawerStore.get()).toEqual({
      open: 'stock-detail',
      stock: { symbol: 'INFY', market: 'NSE' },
    });
  });
});
