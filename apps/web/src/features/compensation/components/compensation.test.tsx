import { CPM } from '@sampada/shared';
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
