import type { TAchievements, TScore, TVip } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { AchievementToasts } from './achievement-toasts';
import AchievementsPage from './achievements-page';
import ScoreInfoPage from './score-info-page';

const score: TScore = {
  score: 35,
  computed_at: '2026-11-20T10:00:00.000Z',
  parts: [
    {
      key: 'kyc',
      label: 'Verified identity',
      points: 25,
      max: 25,
      detail: 'Your KYC is approved.',
      raise: null,
    },
    {
      key: 'deposits',
      label: 'Deposits settled',
      points: 0,
      max: 15,
      detail: '0 deposits confirmed (5 points each, up to 3).',
      raise: 'Each confirmed deposit adds 5 points.',
    },
    {
      key: 'claims',
      label: 'No rejected claims',
      points: 10,
      max: 10,
      detail: 'No deposit claim of yours was rejected.',
      raise: null,
    },
  ],
  history: [{ score: 35, reason: 'KYC approved', at: '2026-11-20T10:00:00.000Z' }],
};
const tier = (level: number, lakh: number) => ({
  level,
  min_assets_paise: lakh * 10_000_000,
  brokerage_discount_bps: level * 500,
  daily_withdrawal_limit_paise: null,
});
const vip: TVip = {
  level: 0,
  average_assets_paise: 1_000_000,
  current_assets_paise: 30_000_000,
  next_level_paise: 10_000_000,
  tier: tier(0, 0),
  tiers: [tier(0, 0), tier(1, 1), tier(2, 10)],
  days: [],
};
const achievements = (firstTrade: boolean): TAchievements => ({
  items: [
    {
      code: 'first_deposit',
      title: 'First deposit',
      description: 'A deposit of yours was confirmed.',
      earned_at: '2026-11-20T10:00:00.000Z',
      progress: 1,
      target: 1,
    },
    {
      code: 'first_trade',
      title: 'First trade',
      description: 'An order of yours was filled.',
      earned_at: firstTrade ? '2026-11-20T11:00:00.000Z' : null,
      progress: firstTrade ? 1 : 0,
      target: 1,
    },
    {
      code: 'ten_trades',
      title: '10 trades',
      description: 'Ten of your trades were filled.',
      earned_at: null,
      progress: 3,
      target: 10,
    },
  ],
});

beforeEach(() => {
  resetAppState();
  signInForTest();
});

describe('Score Info', () => {
  it("shows the server's parts with what would raise each, the history and the VIP tiers", async () => {
    mockApi({ 'GET /stat/app/v1/score': ok(score), 'GET /stat/app/v1/vip': ok(vip) });
    renderWithProviders(<ScoreInfoPage />);
    const deposits = await screen.findByTestId('score-part-deposits');
    expect(screen.getByTestId('score-info-score')).toHaveTextContent('35 / 100');
    expect(deposits).toHaveTextContent('0 / 15');
    expect(deposits).toHaveTextContent('To raise it: Each confirmed deposit adds 5 points.');
    expect(screen.getByTestId('score-part-kyc')).not.toHaveTextContent('To raise it');
    expect(screen.getByTestId('score-history')).toHaveTextContent('KYC approved');
    expect(await screen.findByTestId('vip-average')).toHaveTextContent('₹10,000.00');
    expect(screen.getByTestId('vip-tier-1')).toHaveTextContent('5% off brokerage');
    expect(screen.getByTestId('score-info-vip')).toHaveTextContent('VIP 0');
  });
});

describe('Achievements', () => {
  it('lists earned ones with the date and locked ones with progress', async () => {
    mockApi({ 'GET /stat/app/v1/achievements': ok(achievements(false)) });
    renderWithProviders(<AchievementsPage />);
    const earned = await screen.findByTestId('achievement-first_deposit');
    expect(earned).toHaveAttribute('data-earned', 'true');
    expect(earned).toHaveTextContent('Earned');
    const ten = screen.getByTestId('achievement-ten_trades');
    expect(ten).toHaveAttribute('data-earned', 'false');
    expect(within(ten).getByText('3 / 10')).toBeInTheDocument();
  });

  it('toasts an achievement earned while the app is open, not the ones earned before', async () => {
    mockApi({
      'GET /stat/app/v1/achievements': [ok(achievements(false)), ok(achievements(true))],
      'GET /auth/app/v1/client_info': ok({ id: 'C1', kycStatus: 'approved' }),
      'GET /stat/app/v1/score': ok(score),
    });
    renderWithProviders(<AchievementToasts />);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.stat.achievements)).toBeTruthy());
    expect(screen.queryByText('First deposit')).toBeNull();
    await queryClient.invalidateQueries({ queryKey: queryKeys.stat.all });
    expect(await screen.findByText('First trade')).toBeInTheDocument();
    expect(screen.getByText('Achievement earned')).toBeInTheDocument();
    expect(screen.queryByText('First deposit')).toBeNull();
  });
});
