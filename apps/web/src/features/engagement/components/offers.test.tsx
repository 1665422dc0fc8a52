import { OM, type TOfferList } from '@sampada/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { idempotencyKeyOf } from '../../../test/trading';
import OffersPage from './offers-page';

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

describe('offers view', () => {
  const offers: TOfferList = {
    items: [
      {
        id: 'O1',
        title: 'Welcome bonus',
        body: 'Thank you.',
        image_url: null,
        kind: 'bonus',
        bonus_kind: 'fixed',
        amount_paise: 25_000,
        cashback_bps: null,
        cashback_cap_paise: null,
        min_vip: 0,
        valid_from: '2026-11-01T00:00:00.000Z',
        valid_until: '2026-12-01T00:00:00.000Z',
        claimable: true,
        claimed: null,
      },
    ],
  };

  it('claims a bonus with an Idempotency-Key', async () => {
    const keys: (string | undefined)[] = [];
    mockApi({
      'GET /auth/app/v1/client_info': profile({ allow_bonus: true }),
      'GET /offer/app/v1/list': ok(offers),
      'POST /offer/app/v1/O1/claim': (config) => {
        keys.push(idempotencyKeyOf(config));
        return ok({
          id: 'X',
          offer_id: 'O1',
          offer_title: 'Welcome bonus',
          amount_paise: 25_000,
          status: 'credited',
          claimed_at: '2026-11-20T00:00:00.000Z',
        });
      },
    });
    const { user } = renderWithProviders(<OffersPage />);
    expect(await screen.findByText('Bonus of ₹250.00')).toBeInTheDocument();
    await user.click(screen.getByTestId('offer-claim'));
    expect(await screen.findByText('₹250.00 credited to your cash.')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says bonuses are not available without allow_bonus', async () => {
    mockApi({ 'GET /auth/app/v1/client_info': profile({}) });
    renderWithProviders(<OffersPage />);
    expect(await screen.findByText(OM.notAllowed)).toBeInTheDocument();
  });
});
