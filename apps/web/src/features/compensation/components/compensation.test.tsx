import { CPM, FM } from '@sampada/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { CompensationPanel } from './compensation-panel';

const profile = (flags: { allow_compensation?: boolean; allow_bonus?: boolean }) =>
  ok({
    id: 'C1',
    name: 'Priya Sharma',
    username: '+919876543210',
    has_pin: true,
    kycStatus: 'approved',
    allow_loan: false,
    allow_compensation: false,
    allow_bonus: false,
    ...flags,
  });

beforeEach(() => {
  resetAppState();
  signInForTest();
});

describe('Compensation Application drawer', () => {
  it('says the service is not available without allow_compensation', async () => {
    mockApi({
      'GET /auth/app/v1/client_info': profile({}),
      'GET /trade/app/v1/orders': ok({ items: [] }),
      'GET /funds/app/v1/deposits': ok({ items: [] }),
      'GET /funds/app/v1/withdrawals': ok({ items: [] }),
    });
    renderWithProviders(<CompensationPanel />);
    expect(await screen.findByText(CPM.notAllowed)).toBeInTheDocument();
  });

  it('shows the spec §5 image hint and refuses an empty form', async () => {
    mockApi({
      'GET /auth/app/v1/client_info': profile({ allow_compensation: true }),
      'GET /trade/app/v1/orders': ok({ items: [] }),
      'GET /funds/app/v1/deposits': ok({ items: [] }),
      'GET /funds/app/v1/withdrawals': ok({ items: [] }),
    });
    const { user } = renderWithProviders(<CompensationPanel />);
    expect(await screen.findByText('Supported: JPG, PNG. Max 10 images.')).toBeInTheDocument();
    await user.click(screen.getByTestId('claim-submit'));
    expect(await screen.findByText(CPM.descriptionRequired)).toBeInTheDocument();
  });
});

describe('the claim amount on the wire', () => {
  const records = {
    'GET /auth/app/v1/client_info': profile({ allow_compensation: true }),
    'GET /trade/app/v1/orders': ok({ items: [] }),
    'GET /funds/app/v1/deposits': ok({ items: [] }),
    'GET /funds/app/v1/withdrawals': ok({ items: [] }),
  };

  it('sends the rupees typed as text, not paise', async () => {
    const http = mockApi({
      ...records,
      'POST /compensation/app/v1/apply': ok({
        id: 'K1',
        reference: 'CMP-1',
        decision_due: '2026-12-21',
      }),
    });
    const { user } = renderWithProviders(<CompensationPanel />);
    await user.selectOptions(await screen.findByTestId('claim-category'), 'delayed_service');
    await user.type(screen.getByTestId('claim-amount'), '2500.50');
    await user.type(screen.getByTestId('claim-description'), 'The withdrawal came a week late.');
    await user.click(screen.getByTestId('claim-submit'));
    expect(await screen.findByTestId('claim-submitted')).toBeInTheDocument();
    // The day it is due reads as every day does in the app, not as the wire's ISO text.
    expect(screen.getByText('A decision is due by 21 Dec 2026.')).toBeInTheDocument();
    expect(http.callsTo('POST /compensation/app/v1/apply')[0]!.body).toEqual({
      category: 'delayed_service',
      amount: '2500.5',
      description: 'The withdrawal came a week late.',
      related: null,
      evidence: [],
    });
  });

  it('says what is wrong with an amount of more than 2 decimals before sending it', async () => {
    const http = mockApi(records);
    const { user } = renderWithProviders(<CompensationPanel />);
    await user.type(await screen.findByTestId('claim-amount'), '12.005');
    await user.click(screen.getByTestId('claim-submit'));
    expect(await screen.findByText(FM.amountDecimals)).toBeInTheDocument();
    expect(http.callsTo('POST /compensation/app/v1/apply')).toHaveLength(0);
  });
});
