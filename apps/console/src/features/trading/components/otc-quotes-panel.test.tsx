import { TM, TRADING_DONE } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { setIstDateTime } from '../../../test/ist-date-time';
import { renderWithProviders } from '../../../test/render';
import { otcQuote, QUOTE_ID, reference } from '../test/fixtures';
import { cleanNotifications } from '../../../test/session';
import { OtcQuotesPanel } from './otc-quotes-panel';

afterEach(cleanNotifications);

const CREATE = 'POST /trading/otc-quotes';

async function openForm() {
  await userEvent.click(await screen.findByTestId('otc-new'));
  return screen.findByRole('dialog', { name: 'New OTC desk quote' });
}

describe('OtcQuotesPanel', () => {
  it('lists quotes with the reference price, taken and remaining', async () => {
    mockApi({ 'GET /trading/otc-quotes': ok([otcQuote()]) });
    renderWithProviders(<OtcQuotesPanel />);
    const row = await screen.findByTestId('otc-row');
    expect(row).toHaveTextContent('RELIANCE');
    expect(row).toHaveTextContent('₹1,280.00');
    expect(row).toHaveTextContent('ref. ₹1,275.00');
    expect(row).toHaveTextContent('1,500');
    expect(within(row).getByTestId(`otc-close-${QUOTE_ID}`)).toBeInTheDocument();
  });

  it('shows the live price and the ±3% band, and refuses a price outside it before sending', async () => {
    let key: string | undefined;
    const api = mockApi({
      'GET /trading/otc-quotes': ok([]),
      'GET /trading/reference/RELIANCE': ok(reference()),
      [CREATE]: (config) => {
        key = config.headers.get('Idempotency-Key') as string;
        return ok(otcQuote({ side: 'sell' }), TRADING_DONE.offeringCreated);
      },
    });
    renderWithProviders(<OtcQuotesPanel />);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByTestId('otc-symbol'), 'reliance');
    expect(await within(dialog).findByTestId('reference-price')).toHaveTextContent(
      'live ₹1,279.00',
    );
    expect(within(dialog).getByTestId('reference-band')).toHaveTextContent('₹1,236.75 – ₹1,313.25');

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Sell to the desk' }));
    await userEvent.type(within(dialog).getByTestId('otc-price'), '1313.30');
    await userEvent.type(within(dialog).getByTestId('otc-quantity'), '1000');
    setIstDateTime(dialog, 'otc-valid-until', '2099-03-02T14:20');
    await userEvent.click(within(dialog).getByTestId('otc-create'));
    expect(
      await within(dialog).findByText(TM.priceOutsideOtcBand('₹1,236.75', '₹1,313.25')),
    ).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);

    const price = within(dialog).getByTestId('otc-price');
    await userEvent.clear(price);
    await userEvent.type(price, '1313.25');
    await userEvent.click(within(dialog).getByTestId('otc-create'));
    expect(await screen.findByText(TRADING_DONE.offeringCreated)).toBeInTheDocument();
    expect(api.callsTo(CREATE)[0]!.body).toEqual({
      symbol: 'RELIANCE',
      side: 'sell',
      price: '1313.25',
      quantity: 1000,
      valid_until: '2099-03-02T14:20:00+05:30',
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's answer for an unknown symbol and sends nothing", async () => {
    const api = mockApi({
      'GET /trading/otc-quotes': ok([]),
      'GET /trading/reference/NOPE': fail(404, TM.symbolUnknown),
    });
    renderWithProviders(<OtcQuotesPanel />);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByTestId('otc-symbol'), 'NOPE');
    await userEvent.type(within(dialog).getByTestId('otc-price'), '100');
    await userEvent.type(within(dialog).getByTestId('otc-quantity'), '10');
    setIstDateTime(dialog, 'otc-valid-until', '2099-03-02T14:20');
    await userEvent.click(within(dialog).getByTestId('otc-create'));
    expect((await within(dialog).findAllByText(TM.symbolUnknown)).length).toBeGreaterThan(0);
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it("shows the server's refusal inside the form", async () => {
    mockApi({
      'GET /trading/otc-quotes': ok([]),
      'GET /trading/reference/RELIANCE': ok(reference()),
      [CREATE]: fail(400, TM.symbolTaken),
    });
    renderWithProviders(<OtcQuotesPanel />);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByTestId('otc-symbol'), 'RELIANCE');
    await userEvent.type(within(dialog).getByTestId('otc-price'), '1280');
    await userEvent.type(within(dialog).getByTestId('otc-quantity'), '10');
    setIstDateTime(dialog, 'otc-valid-until', '2099-03-02T14:20');
    await userEvent.click(within(dialog).getByTestId('otc-create'));
    expect(await within(dialog).findByTestId('form-error')).toHaveTextContent(TM.symbolTaken);
  });
});
