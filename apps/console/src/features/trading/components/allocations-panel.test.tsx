import { TM, TRADING_DONE } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { setIstDateTime } from '../../../test/ist-date-time';
import { renderWithProviders } from '../../../test/render';
import { ALLOCATION_ID, allocation, reference } from '../test/fixtures';
import { cleanNotifications } from '../../../test/session';
import { AllocationsPanel } from './allocations-panel';

afterEach(cleanNotifications);

const CREATE = 'POST /trading/allocations';
const tcsReference = reference({
  symbol: 'TCS',
  name: 'Tata Consultancy Services',
  price_paise: 351000,
});

describe('AllocationsPanel', () => {
  it('lists open allocations with allocated and remaining shares', async () => {
    const api = mockApi({ 'GET /trading/allocations': ok([allocation()]) });
    renderWithProviders(<AllocationsPanel />);
    const row = await screen.findByTestId('allocation-row');
    expect(row).toHaveTextContent('TCS');
    expect(row).toHaveTextContent('₹3,450.50');
    expect(row).toHaveTextContent('live ₹3,510.00');
    expect(row).toHaveTextContent('5,000');
    expect(row).toHaveTextContent('1,200');
    expect(row).toHaveTextContent('3,800');
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(api.callsTo('GET /trading/allocations')[0]!.params).toEqual({ status: 'open' });
  });

  it('checks the form with the shared rules, then publishes with an Idempotency-Key', async () => {
    let key: string | undefined;
    const api = mockApi({
      'GET /trading/allocations': ok([]),
      'GET /trading/reference/TCS': ok(tcsReference),
      [CREATE]: (config) => {
        key = config.headers.get('Idempotency-Key') as string;
        return ok(allocation(), TRADING_DONE.offeringCreated);
      },
    });
    renderWithProviders(<AllocationsPanel />);
    await userEvent.click(await screen.findByTestId('allocation-new'));
    const dialog = await screen.findByRole('dialog', { name: 'New institutional allocation' });
    // Opens now by default, the day read day first ('10 Mar 2026'), the time HH:MM in IST.
    const valueOf = (testId: string) =>
      (within(dialog).getByTestId(testId) as HTMLInputElement).value;
    expect(valueOf('allocation-opens-day')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(valueOf('allocation-opens-time')).toMatch(/^\d{2}:\d{2}$/);

    await userEvent.type(within(dialog).getByTestId('allocation-symbol'), 'tcs');
    expect(await within(dialog).findByTestId('reference-price')).toHaveTextContent(
      'live ₹3,510.00',
    );
    await userEvent.type(within(dialog).getByTestId('allocation-price'), '3450.505');
    await userEvent.type(within(dialog).getByTestId('allocation-quantity'), '5000');
    setIstDateTime(dialog, 'allocation-opens', '2099-03-10T09:15');
    setIstDateTime(dialog, 'allocation-closes', '2099-03-10T09:00');
    await userEvent.click(within(dialog).getByTestId('allocation-create'));
    expect(await within(dialog).findByText(TM.priceInvalid)).toBeInTheDocument();

    const price = within(dialog).getByTestId('allocation-price');
    await userEvent.clear(price);
    await userEvent.type(price, '3450.5');
    await userEvent.click(within(dialog).getByTestId('allocation-create'));
    expect(await within(dialog).findByText(TM.windowInvalid)).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);

    setIstDateTime(dialog, 'allocation-closes', '2099-03-13T15:30');
    await userEvent.click(within(dialog).getByTestId('allocation-create'));
    expect(await screen.findByText(TRADING_DONE.offeringCreated)).toBeInTheDocument();
    expect(api.callsTo(CREATE)[0]!.body).toEqual({
      symbol: 'TCS',
      price: '3450.50',
      quantity: 5000,
      opens_at: '2099-03-10T09:15:00+05:30',
      closes_at: '2099-03-13T15:30:00+05:30',
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a window that has already ended', async () => {
    const api = mockApi({ 'GET /trading/allocations': ok([]) });
    renderWithProviders(<AllocationsPanel />);
    await userEvent.click(await screen.findByTestId('allocation-new'));
    const dialog = await screen.findByRole('dialog', { name: 'New institutional allocation' });
    await userEvent.click(within(dialog).getByTestId('allocation-create'));
    expect(await within(dialog).findByText(TM.symbolRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Enter when the window closes.')).toBeInTheDocument();

    setIstDateTime(dialog, 'allocation-opens', '2020-01-01T09:00');
    setIstDateTime(dialog, 'allocation-closes', '2020-01-02T09:00');
    await userEvent.type(within(dialog).getByTestId('allocation-symbol'), 'TCS');
    await userEvent.type(within(dialog).getByTestId('allocation-price'), '100');
    await userEvent.type(within(dialog).getByTestId('allocation-quantity'), '10');
    await userEvent.click(within(dialog).getByTestId('allocation-create'));
    expect(await within(dialog).findByText(TM.windowPast)).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('closes an open allocation after confirmation', async () => {
    const close = `POST /trading/allocations/${ALLOCATION_ID}/close`;
    const api = mockApi({
      'GET /trading/allocations': ok([allocation()]),
      [close]: ok(allocation({ status: 'closed' }), TRADING_DONE.offeringClosed),
    });
    renderWithProviders(<AllocationsPanel />);
    await userEvent.click(await screen.findByTestId(`allocation-close-${ALLOCATION_ID}`));
    const dialog = await screen.findByRole('dialog');
    expect(api.callsTo(close)).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('action-confirm'));
    expect(await screen.findByText(TRADING_DONE.offeringClosed)).toBeInTheDocument();
    expect(api.callsTo(close)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute(
      'href',
      `/trading/desk?type=institutional&offering_id=${ALLOCATION_ID}`,
    );
  });
});
