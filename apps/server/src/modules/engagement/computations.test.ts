/**
 * Each engagement computation on named clients: a new client, a diversified long-term client,
 * an over-concentrated day trader and a client who repaid late (scenarios.ts).
 */
import { describe, expect, it } from 'vitest';
import type { TVipTier } from '@sampada/shared';
import { progressOf } from './achievements.ts';
import { radarOf } from './radar.ts';
import {
  closes,
  concentratedDayTrader,
  diversifiedLongTerm,
  lateRepayer,
  newClient,
  NOW,
} from './test/scenarios.ts';
import { scoreOf, scoreParts } from './score.ts';
import { averageAssets, tierFor, totalAssets } from './vip.ts';

const L = 10_000_000;
const TIERS: TVipTier[] = [0, 1, 10, 50, 100, 500].map((lakh, level) => ({
  level,
  min_assets_paise: lakh * L,
  brokerage_discount_bps: level * 500,
  daily_withdrawal_limit_paise: null,
}));
const part = (facts: typeof newClient, key: string) =>
  scoreParts(facts, NOW).find((p) => p.key === key)!;
const earned = (facts: typeof newClient, vip = 0) =>
  progressOf(facts, { now: NOW, vip })
    .filter((a) => a.reached)
    .map((a) => a.code);
const radar = (facts: typeof newClient, nifty = closes(400, 20_000, 0.002, 0.0003)) =>
  Object.fromEntries(
    radarOf({
      now: NOW,
      holdings: facts.holdings,
      fills: facts.fills,
      filledOrdersByType: facts.filledOrdersByType,
      closes: new Map(facts.holdings.map((h) => [h.symbol, closes(61, 1000, 0.01)])),
      nifty,
    }).map((s) => [s.axis, s]),
  );

describe('VIP level from the 30-day average of closing assets', () => {
  it('a new client with nothing is VIP 0', () => {
    expect(tierFor(TIERS, averageAssets([], '2026-11-20')).level).toBe(0);
  });

  it('a deposit of ₹1 crore held one night moves the average by a thirtieth, not to VIP 4', () => {
    const snapshots = [
      { day: '2026-11-19', assetsPaise: 100n * 10_000_000n },
      { day: '2026-11-20', assetsPaise: 0n },
    ];
    const average = averageAssets(snapshots, '2026-11-20');
    expect(average).toBe((100n * 10_000_000n) / 30n);
    expect(tierFor(TIERS, average).level).toBe(1);
  });

  it('the diversified long-term client holding ₹76 lakh every day is VIP 3', () => {
    const f = diversifiedLongTerm;
    const assets = totalAssets({
      cash: f.cashPaise,
      holdings: f.holdings.reduce((s, h) => s + h.valuePaise, 0n),
      loans: f.loansOwedPaise,
    });
    expect(assets).toBe(76n * 10_000_000n);
    // One snapshot 40 days ago carries forward through the whole window.
    const average = averageAssets([{ day: '2026-10-11', assetsPaise: assets }], '2026-11-20');
    expect(average).toBe(assets);
    expect(tierFor(TIERS, average).level).toBe(3);
  });

  it('loans above everything else count as no assets, not negative ones', () => {
    expect(totalAssets({ cash: 0n, holdings: 5n, loans: 10n })).toBe(-5n);
    expect(averageAssets([{ day: '2026-11-20', assetsPaise: -5n }], '2026-11-20')).toBe(0n);
  });
});

describe('trust score parts', () => {
  it('a new client scores only the neutral parts, each with what would raise it', () => {
    const parts = scoreParts(newClient, NOW);
    expect(scoreOf(parts)).toBe(10 + 10); // no instalments due (10) + no rejected claims (10)
    expect(part(newClient, 'kyc')).toMatchObject({ points: 0, raise: expect.any(String) });
    expect(part(newClient, 'deposits').raise).toMatch(/5 points/);
    expect(parts.reduce((s, p) => s + p.max, 0)).toBe(110);
  });

  it('the diversified long-term client scores 82 (a quiet quarter) and every part says why', () => {
    expect(scoreOf(scoreParts(diversifiedLongTerm, NOW))).toBe(25 + 15 + 15 + 15 + 10 + 2);
    expect(part(diversifiedLongTerm, 'activity').detail).toMatch(/2 trades in the last 90 days/);
    expect(part(diversifiedLongTerm, 'loan_punctuality')).toMatchObject({
      points: 15,
      raise: null,
    });
    expect(part(diversifiedLongTerm, 'account_age').detail).toMatch(/23 full months/);
    // A staff adjustment of +20 takes it past 100: the total is held at 100.
    expect(scoreOf(scoreParts({ ...diversifiedLongTerm, staffPoints: 20 }, NOW))).toBe(100);
  });

  it('the over-concentrated day trader earns full activity but not age', () => {
    expect(part(concentratedDayTrader, 'activity').points).toBe(10);
    expect(part(concentratedDayTrader, 'account_age').points).toBe(3);
  });

  it('the client who repaid late loses 5 points an instalment and 5 a rejected claim', () => {
    expect(part(lateRepayer, 'loan_punctuality')).toMatchObject({ points: 5, max: 15 });
    expect(part(lateRepayer, 'loan_punctuality').detail).toMatch(/4 of 6 instalments/);
    expect(part(lateRepayer, 'claims').points).toBe(5);
    expect(scoreOf(scoreParts(lateRepayer, NOW))).toBe(25 + 15 + 10 + 5 + 5 + 0);
  });

  it('staff adjustments can take the score to 0 but not below', () => {
    expect(scoreOf(scoreParts({ ...newClient, staffPoints: -20 }, NOW))).toBe(0);
  });
});

describe('achievements', () => {
  it('a new client has earned none and sees every one locked at 0', () => {
    expect(earned(newClient)).toEqual([]);
  });

  it('the diversified long-term client has earned the lot', () => {
    expect(earned(diversifiedLongTerm, 3).sort()).toEqual(
      [
        'first_deposit',
        'first_ipo_bid',
        'first_trade',
        'five_sectors',
        'kyc_verified',
        'loan_repaid',
        'one_year',
        'vip_one',
      ].sort(),
    );
  });

  it('the day trader has ten trades but one sector: 1 of 5 towards five sectors', () => {
    const progress = progressOf(concentratedDayTrader, { now: NOW, vip: 0 });
    expect(progress.find((a) => a.code === 'ten_trades')).toMatchObject({
      reached: true,
      progress: 10,
    });
    expect(progress.find((a) => a.code === 'five_sectors')).toMatchObject({
      reached: false,
      progress: 1,
      target: 5,
    });
  });

  it('the late repayer still earned "loan repaid" and a year with the firm', () => {
    expect(earned(lateRepayer)).toEqual(
      expect.arrayContaining(['loan_repaid', 'one_year', 'first_deposit']),
    );
  });
});

describe('client radar', () => {
  it('a new client: every axis 0, each sentence saying there is nothing yet', () => {
    const r = radar(newClient);
    for (const axis of ['diversification', 'activity', 'risk', 'return', 'discipline'])
      expect(r[axis]!.value).toBe(0);
    expect(r.diversification!.explanation).toMatch(/no shares/);
  });

  it('the diversified long-term client: diversified, disciplined, a modest activity', () => {
    const r = radar(diversifiedLongTerm);
    expect(r.diversification!.value).toBeGreaterThanOrEqual(95);
    expect(r.diversification!.explanation).toMatch(/5 sectors/);
    expect(r.activity!.value).toBe(10); // 2 trades in 90 days × 5
    expect(r.discipline!.value).toBe(Math.round((7 / 8) * 50 + 50)); // the one loss was cut at 6%
    expect(r.risk!.value).toBeGreaterThan(0);
    expect(r.return!.explanation).toMatch(/NIFTY 50 moved/);
  });

  it('the over-concentrated day trader: one sector, full activity, no limits used', () => {
    const r = radar(concentratedDayTrader);
    expect(r.diversification!.value).toBe(0);
    expect(r.activity!.value).toBe(100);
    // 20 sells at a 13% loss each, none cut, and INFY down 25% still held: discipline 0.
    expect(r.discipline!.value).toBe(0);
  });

  it('return is scored against the NIFTY 50: lagging a rising index scores below 50', () => {
    const rising = closes(400, 20_000, 0, 0.002); // ~ +80% since the day trader's first trade?
    const r = radar(concentratedDayTrader, rising);
    expect(r.return!.value).toBeLessThan(50);
    const flat = radar(diversifiedLongTerm, closes(800, 20_000, 0, 0));
    // Up 15.5% after charges on ₹56 lakh bought vs a flat index: 50 + ≈ 2.5 × 10 > 70.
    expect(flat.return!.value).toBeGreaterThan(70);
  });
});

describe('explanations staff read too', () => {
  it('state the facts without "you": the console shows them to staff unchanged', () => {
    const clients = [
      newClient,
      diversifiedLongTerm,
      lateRepayer,
      concentratedDayTrader,
      { ...newClient, staffPoints: 5 },
    ];
    const texts = clients.flatMap((facts) => [
      ...scoreParts(facts, NOW).map((p) => p.detail),
      ...Object.values(radar(facts)).map((axis) => axis!.explanation),
    ]);
    expect(texts.filter((text) => /\byou(r|rs)?\b/i.test(text))).toEqual([]);
  });
});
