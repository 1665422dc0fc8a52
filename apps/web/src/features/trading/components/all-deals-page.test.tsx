import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { drawerStore } from '../../../lib/drawers';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import {
  INSTITUTIONAL_ID,
  IPO_ID,
  OTC_SELL_ID,
  institutional,
  ipo,
  otcBuy,
  otcSell,
} from '../../../test/trading';
import AllDealsPage from './all-deals-page';

function setup(route = '/deals') {
  const http = mockApi({
    'GET /trade/app/v1/deals': (config) => {
      const kind = (config.params as { kind: string }).kind;
      if (kind === 'institutional') return ok([institutional]);
      if (kind === 'otc') return ok([otcBuy, otcSell]);
      return ok([]);
    },
  });
  return { http, ...renderWithProviders(<AllDealsPage />, { route }) };
}

beforeEach(() => {
  resetAppState();
  signInForTest();
  drawerStore.set({ open: null });
});

describe('all deals (menu trading/all-deals)', () => {
  it('lists the open allocations with their key facts and opens the drawer on one', async () => {
    const { user } = setup();
    const row = await screen.findByTestId(`deal-row-${INSTITUTIONAL_ID}`);
    expect(within(row).getByTestId('fact-price')).toHaveTextContent('₹1,402.50');
    expect(within(row).getByTestId('fact-remaining')).toHaveTextContent('5,000 of 10,000 shares');
    // A market fact reads in the exchange's zone whatever zone the client chose (UTC here).
    expect(within(row).getByTestId('fact-window')).toHaveTextContent('21 Nov 2026, 9:15 am IST');
    await user.click(within(row).getByTestId(`deal-open-${INSTITUTIONAL_ID}`));
    expect(drawerStore.get()).toMatchObject({
      open: 'institutional',
      deal: { kind: 'institutional', offeringId: INSTITUTIONAL_ID },
    });
  });

  it('switches to OTC and IPO, saying plainly when there is nothing', async () => {
    const { user, http } = setup();
    await screen.findByTestId(`deal-row-${INSTITUTIONAL_ID}`);
    await user.click(screen.getByTestId('deals-tab-otc'));
    const sell = await screen.findByTestId(`deal-row-${OTC_SELL_ID}`);
    expect(within(sell).getByRole('button', { name: 'Sell to desk' })).toBeInTheDocument();
    expect(screen.getByTestId(`deal-row-${otcBuy.id}`)).toHaveTextContent('Valid until');
    await user.click(within(sell).getByTestId(`deal-open-${OTC_SELL_ID}`));
    expect(drawerStore.get().deal).toEqual({ kind: 'otc', offeringId: OTC_SELL_ID });
    await user.click(screen.getByTestId('deals-tab-ipo'));
    expect(await screen.findByText('No IPOs are open or upcoming right now.')).toBeInTheDocument();
    expect(http.callsTo('GET /trade/app/v1/deals').map((call) => call.params)).toEqual([
      { kind: 'institutional' },
      { kind: 'otc' },
      { kind: 'ipo' },
    ]);
  });

  it('opens on the tab named in the URL and shows an IPO’s band, lot, dates and subscription', async () => {
    mockApi({ 'GET /trade/app/v1/deals': ok([ipo]) });
    renderWithProviders(<AllDealsPage />, { route: '/deals?tab=ipo' });
    const row = await screen.findByTestId(`deal-row-${IPO_ID}`);
    expect(within(row).getByTestId('fact-band')).toHaveTextContent('₹90.00 – ₹95.00');
    expect(within(row).getByTestId('fact-lot')).toHaveTextContent('150 shares');
    expect(within(row).getByTestId('fact-dates')).toHaveTextContent('20 Nov 2026 – 24 Nov 2026');
    expect(within(row).getByTestId('fact-subscription')).toHaveTextContent(
      '1.25× (1,204 applications)',
    );
    expect(within(row).getByRole('button', { name: 'Bid' })).toBeInTheDocument();
  });
});
