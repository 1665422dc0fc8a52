import { TM, TRADING_DONE } from '@sampada/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { IPO_ID, ipoIssue } from '../test/fixtures';
import { cleanNotifications } from '../../../test/session';
import { IposPanel } from './ipos-panel';

afterEach(cleanNotifications);

const CREATE = 'POST /trading/ipos';
const renderPanel = () =>
  renderWithProviders(<IposPanel />, { route: '/trading/offerings', path: '/trading/offerings' });

describe('IposPanel', () => {
  it('lists issues with status, applications and subscription, linking to each', async () => {
    mockApi({ 'GET /trading/ipos': ok([ipoIssue()]) });
    renderPanel();
    const row = await screen.findByTestId('ipo-row');
    expect(row).toHaveTextContent('NEWCO');
    expect(row).toHaveTextContent('₹285.00 – ₹300.00');
    expect(row).toHaveTextContent('42');
    expect(row).toHaveTextContent('2.35×');
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByTestId(`ipo-open-${IPO_ID}`)).toHaveAttribute(
      'href',
      `/trading/offerings/ipos/${IPO_ID}`,
    );
  });

  it('defaults the listing to T+3 working days after the close, keeps an edited one, and publishes', async () => {
    const api = mockApi({
      'GET /trading/ipos': ok([]),
      [CREATE]: ok(ipoIssue(), TRADING_DONE.offeringCreated),
    });
    renderPanel();
    await userEvent.click(await screen.findByTestId('ipo-new'));
    const dialog = await screen.findByRole('dialog', { name: 'New IPO issue' });
    const field = (id: string) => within(dialog).getByTestId(id);
    const listing = field('ipo-listing-date') as HTMLInputElement;

    fireEvent.change(field('ipo-close-date'), { target: { value: '2026-03-13' } }); // a Friday
    expect(listing.value).toBe('18 Mar 2026');
    fireEvent.change(field('ipo-close-date'), { target: { value: '2026-03-10' } });
    expect(listing.value).toBe('13 Mar 2026');
    fireEvent.change(listing, { target: { value: '2026-03-16' } });
    fireEvent.change(field('ipo-close-date'), { target: { value: '2026-03-11' } });
    expect(listing.value).toBe('2026-03-16');

    await userEvent.type(field('ipo-symbol'), 'newco');
    await userEvent.type(field('ipo-name'), 'Newco Technologies');
    await userEvent.type(field('ipo-price-low'), '300');
    await userEvent.type(field('ipo-price-high'), '285');
    await userEvent.type(field('ipo-lot-size'), '50');
    await userEvent.type(field('ipo-shares'), '10025');
    fireEvent.change(field('ipo-open-date'), { target: { value: '2026-03-09' } });
    await userEvent.click(field('ipo-create'));
    expect(await within(dialog).findByText(TM.bandInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(TM.sharesInvalid)).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await userEvent.clear(field('ipo-price-low'));
    await userEvent.type(field('ipo-price-low'), '285');
    await userEvent.clear(field('ipo-price-high'));
    await userEvent.type(field('ipo-price-high'), '300');
    await userEvent.clear(field('ipo-shares'));
    await userEvent.type(field('ipo-shares'), '10000');
    await userEvent.type(field('ipo-isin'), 'INE0NEWC0012');
    await userEvent.click(field('ipo-create'));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/trading/offerings/ipos/${IPO_ID}`,
    );
    expect(api.callsTo(CREATE)[0]!.body).toEqual({
      symbol: 'NEWCO',
      name: 'Newco Technologies',
      isin: 'INE0NEWC0012',
      price_low: '285.00',
      price_high: '300.00',
      lot_size: 50,
      shares_offered: 10000,
      open_date: '2026-03-09',
      close_date: '2026-03-11',
      listing_date: '2026-03-16',
    });
  });
});
