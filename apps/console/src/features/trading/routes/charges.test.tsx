import { TM, TRADING_DONE } from '@sampada/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { charges } from '../test/fixtures';
import { cleanNotifications, signInAs } from '../../../test/session';
import { ChargesPage } from './charges';

afterEach(() => {
  session.clear();
  cleanNotifications();
});

describe('ChargesPage', () => {
  it('shows operations the schedule and its effect, read-only', async () => {
    signInAs(['operations']);
    mockApi({ 'GET /trading/charges': ok(charges()) });
    renderWithProviders(<ChargesPage />);
    expect(await screen.findByTestId('charges-gst_pct')).toHaveValue('18');
    expect(screen.getByTestId('charges-gst_pct')).toBeDisabled();
    expect(screen.getByTestId('charges-brokerage_max')).toHaveValue('20');
    expect(screen.queryByTestId('charges-save')).not.toBeInTheDocument();
    // ₹1,00,000 buy at the default schedule: brokerage capped at ₹20, STT ₹100, exchange ₹2.97,
    // SEBI ₹0.10, stamp ₹15, GST 18% of ₹23.07 = ₹4.15.
    expect(screen.getByTestId('charges-example-buy')).toHaveTextContent('₹142.22');
    // The sell is the day's first of its scrip: ₹127.22 plus the DP charge ₹13.50 and its GST ₹2.43.
    expect(screen.getByTestId('charges-example-sell')).toHaveTextContent('₹143.15');
    expect(screen.getByTestId('charges-dp_charge')).toHaveValue('13.5');
  });

  it('lets an admin save rates checked by the shared schema', async () => {
    signInAs(['admin']);
    const api = mockApi({
      'GET /trading/charges': ok(charges()),
      'PUT /trading/charges': ok({ ...charges(), gst_pct: '18.5' }, TRADING_DONE.chargesSaved),
    });
    renderWithProviders(<ChargesPage />);
    const gst = await screen.findByTestId('charges-gst_pct');
    await userEvent.clear(gst);
    await userEvent.type(gst, '180');
    await userEvent.click(screen.getByTestId('charges-save'));
    expect(await screen.findByText(TM.chargesInvalid)).toBeInTheDocument();
    expect(api.callsTo('PUT /trading/charges')).toHaveLength(0);

    await userEvent.clear(gst);
    await userEvent.type(gst, '18.5');
    await userEvent.click(screen.getByTestId('charges-save'));
    expect(await screen.findByText(TRADING_DONE.chargesSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT /trading/charges')[0]!.body).toEqual({ ...charges(), gst_pct: '18.5' });
  });

  it('lets an admin change the DP charge, sent in paise', async () => {
    signInAs(['admin']);
    const api = mockApi({
      'GET /trading/charges': ok(charges()),
      'PUT /trading/charges': ok(
        { ...charges(), dp_charge_paise: 1575 },
        TRADING_DONE.chargesSaved,
      ),
    });
    renderWithProviders(<ChargesPage />);
    const dp = await screen.findByTestId('charges-dp_charge');
    await userEvent.clear(dp);
    await userEvent.type(dp, '15.75');
    await userEvent.click(screen.getByTestId('charges-save'));
    expect(await screen.findByText(TRADING_DONE.chargesSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT /trading/charges')[0]!.body).toEqual({
      ...charges(),
      dp_charge_paise: 1575,
    });
  });
});
