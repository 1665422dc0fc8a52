import { EM, type TConsoleEngagement, type TVipTier } from '@sampada/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { ClientEngagement } from '../components/client-engagement';
import { VipTiersPage } from './vip-tiers';

const TIERS: TVipTier[] = [0, 1, 10, 50, 100, 500].map((lakh, level) => ({
  level,
  min_assets_paise: lakh * 10_000_000,
  brokerage_discount_bps: [0, 500, 1000, 2000, 3000, 5000][level]!,
  daily_withdrawal_limit_paise: null,
}));

afterEach(() => {
  session.clear();
  cleanNotifications();
});

describe('VipTiersPage', () => {
  it('refuses tiers out of order with the shared message, then saves all six', async () => {
    signInAs(['admin']);
    const api = mockApi({
      'GET /engagement/tiers': ok({ tiers: TIERS }),
      'PUT /engagement/tiers': ok({ tiers: TIERS }, EM.tiersSaved),
    });
    renderWithProviders(<VipTiersPage />);
    const vip2 = await screen.findByLabelText('VIP 2 from');
    await userEvent.clear(vip2);
    await userEvent.type(vip2, '50000');
    await userEvent.click(screen.getByTestId('save-tiers'));
    expect(await screen.findByText(EM.tiersOrder)).toBeInTheDocument();
    expect(api.callsTo('PUT /engagement/tiers')).toHaveLength(0);

    await userEvent.clear(vip2);
    await userEvent.type(vip2, '2000000');
    const limit = screen.getByLabelText('VIP 2 daily withdrawal limit');
    await userEvent.type(limit, '500000');
    await userEvent.click(screen.getByTestId('save-tiers'));
    expect(await screen.findByText(EM.tiersSaved)).toBeInTheDocument();
    const sent = api.callsTo('PUT /engagement/tiers')[0]!.body as { tiers: TVipTier[] };
    expect(sent.tiers[2]).toEqual({
      level: 2,
      min_assets_paise: 200_000_000,
      brokerage_discount_bps: 1000,
      daily_withdrawal_limit_paise: 50_000_000,
    });
  });
});

const view: TConsoleEngagement = {
  vip: {
    level: 1,
    average_assets_paise: 12_000_000,
    current_assets_paise: 15_000_000,
    next_level_paise: 100_000_000,
    tier: TIERS[1]!,
    tiers: TIERS,
    days: [],
  },
  score: {
    score: 51,
    computed_at: '2026-11-20T10:00:00.000Z',
    parts: [
      {
        key: 'deposits',
        label: 'Deposits settled',
        points: 5,
        max: 15,
        detail: '1 deposit confirmed (5 points each, up to 3).',
        raise: 'Each confirmed deposit adds 5 points.',
      },
    ],
    history: [{ score: 51, reason: 'Order filled', at: '2026-11-20T10:00:00.000Z' }],
  },
  achievements: [],
  radar: { scores: [], computed_at: '2026-11-20T10:00:00.000Z' },
  adjustments: [],
};

describe('ClientEngagement', () => {
  it("shows the client's level and score parts; the advisor gets the adjustment form, support does not", async () => {
    signInAs(['advisor']);
    mockApi({ 'GET /engagement/clients/C1': ok(view) });
    const { unmount } = renderWithProviders(<ClientEngagement clientId="C1" />);
    expect(await screen.findByTestId('console-vip-level')).toHaveTextContent('VIP 1');
    expect(screen.getByTestId('console-score')).toHaveTextContent('51 / 100');
    expect(screen.getByTestId('console-score-part-deposits')).toHaveTextContent('5 / 15');
    expect(screen.getByText('Adjust the trust score')).toBeInTheDocument();
    unmount();

    session.clear();
    signInAs(['support']);
    renderWithProviders(<ClientEngagement clientId="C1" />);
    expect(await screen.findByTestId('console-vip-level')).toBeInTheDocument();
    expect(screen.queryByText('Adjust the trust score')).toBeNull();
  });
});
