import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appSettings, setShowAssets } from '../../../lib/app-settings';
import { STORAGE_KEYS } from '../../../lib/storage';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { AssetsCard } from './assets-card';

const summary = {
  currency: 'INR',
  cash_available_paise: 25_000_000,
  cash_on_hold_paise: 2_000_000,
  invested_value_paise: 96_608_839,
  holdings_tracked: true,
  holdings_value_paise: 96_456_789,
  unrealised_pnl_paise: -152_050,
  total_paise: 123_456_789,
};

const amounts = () =>
  ['assets-total', 'assets-cash_available', 'assets-holdings_value', 'assets-cash_on_hold'].map(
    (id) => screen.getByTestId(id).textContent,
  );

beforeEach(() => {
  resetAppState();
  setShowAssets(true);
});

describe('assets card and the showAssets eye toggle (spec §3)', () => {
  it('shows the amounts in rupees with Indian grouping, and P&L with its sign', async () => {
    mockApi({ 'GET /stat/app/v1/asset': ok(summary) });
    renderWithProviders(<AssetsCard />);
    expect(await screen.findByText('₹12,34,567.89')).toBeInTheDocument();
    expect(amounts()).toEqual(['₹12,34,567.89', '₹2,50,000.00', '₹9,64,567.89', '₹20,000.00']);
    expect(screen.getByTestId('assets-pnl')).toHaveTextContent('-₹1,520.50');
  });

  it("masks every amount as '****' when hidden and keeps the choice in local storage", async () => {
    mockApi({ 'GET /stat/app/v1/asset': ok(summary) });
    const { user } = renderWithProviders(<AssetsCard />);
    await screen.findByText('₹12,34,567.89');
    await user.click(screen.getByRole('button', { name: 'Hide amounts' }));
    expect(amounts()).toEqual(['****', '****', '****', '****']);
    expect(screen.getByTestId('assets-pnl')).toHaveTextContent('****');
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.showAssets)).toBe('false');
    expect(appSettings.get().showAssets).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Show amounts' }));
    expect(amounts()[0]).toBe('₹12,34,567.89');
    expect(localStorage.getItem(STORAGE_KEYS.showAssets)).toBe('true');
  });

  it('starts hidden when the client hid the amounts before', async () => {
    setShowAssets(false);
    mockApi({ 'GET /stat/app/v1/asset': ok(summary) });
    renderWithProviders(<AssetsCard />);
    expect(await screen.findByRole('button', { name: 'Show amounts' })).toBeInTheDocument();
    expect(amounts()).toEqual(['****', '****', '****', '****']);
  });

  it('shows dashes, never made-up numbers, while the server has no asset call (404)', async () => {
    mockApi({ 'GET /stat/app/v1/asset': fail(404, 'Not found.') });
    renderWithProviders(<AssetsCard />);
    expect(await screen.findByText('Asset figures are not available yet.')).toBeInTheDocument();
    expect(amounts()).toEqual(['—', '—', '—', '—']);
    expect(screen.getByTestId('assets-pnl')).toHaveTextContent('—');
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('says a timed-out load failed and loads the amounts again when asked, no dead end', async () => {
    const { calls } = mockApi({
      'GET /stat/app/v1/asset': [{ status: 0, body: null, error: 'timeout' }, ok(summary)],
    });
    const { user } = renderWithProviders(<AssetsCard />);
    const failed = await screen.findByTestId('assets-failed');
    expect(failed).toHaveTextContent('This could not be loaded right now.');
    expect(amounts()).toEqual(['—', '—', '—', '—']);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('₹12,34,567.89')).toBeInTheDocument();
    expect(screen.queryByTestId('assets-failed')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/stat/app/v1/asset')).toHaveLength(2);
  });
});
