/**
 * Engagement over real HTTP: a new client's first deposit and first trade raise the score and
 * grant two achievements (once, however the events repeat), the radar, the VIP level moving
 * when an admin edits the tiers, the tier's brokerage discount on the contract note, the daily
 * withdrawal limit, and a staff adjustment with its reason.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  TAchievements,
  TClientProfile,
  TConsoleEngagement,
  TRadar,
  TScore,
  TVip,
  TVipTier,
} from '@sampada/shared';
import { transitionChannel } from '../../platform/transitions.ts';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import {
  addCard,
  keyed,
  type MoneyClient,
  moneyClient,
  openDeposits,
  fund,
} from '../funds/test-fixtures.ts';
import { placed, runMarket, trader, untilSettled } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  admin = await signInStaff(t, 'admin');
  await runMarket(t, 4);
});
afterAll(async () => t?.close());

const get = async <T>(client: MoneyClient, what: string) => {
  const reply = await t.api.get<T>(`/stat/app/v1/${what}`, client.token);
  expect(reply.status).toBe(200);
  return reply.body.data;
};
const earnedCodes = async (client: MoneyClient) =>
  (await get<TAchievements>(client, 'achievements')).items
    .filter((a) => a.earned_at)
    .map((a) => a.code)
    .sort();

/** Waits for what the bus's events set off (recomputation runs after the commit). */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const SEEDED: TVipTier[] = [0, 1, 10, 50, 100, 500].map((lakh, level) => ({
  level,
  min_assets_paise: lakh * 10_000_000,
  brokerage_discount_bps: [0, 500, 1000, 2000, 3000, 5000][level]!,
  daily_withdrawal_limit_paise: null,
}));
const saveTiers = (tiers: TVipTier[]) =>
  t.api.put('/console/api/v1/engagement/tiers', { tiers }, admin.token);

describe('a new client', () => {
  it('first deposit and first trade raise the score and grant two achievements', async () => {
    const c = await moneyClient(t);
    // The KYC approval's event recomputes after the commit.
    const start = await eventually(
      () => get<TScore>(c, 'score'),
      (s) => s.parts.find((p) => p.key === 'kyc')!.points === 25,
    );
    expect(start.parts.find((p) => p.key === 'kyc')!.points).toBe(25);
    expect(await earnedCodes(c)).toEqual(['kyc_verified']);

    await fund(t, c, 200_000);
    const afterDeposit = await eventually(
      () => get<TScore>(c, 'score'),
      (s) => s.score > start.score,
    );
    expect(afterDeposit.score).toBe(start.score + 5);
    expect(afterDeposit.parts.find((p) => p.key === 'deposits')!.detail).toMatch(/1 deposit/);

    const order = await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 10 });
    expect((await untilSettled(t, c, order.id)).status).toBe('filled');
    const afterTrade = await eventually(
      () => get<TScore>(c, 'score'),
      (s) => s.score > afterDeposit.score,
    );
    expect(afterTrade.score).toBe(afterDeposit.score + 1);
    expect(await earnedCodes(c)).toEqual(['first_deposit', 'first_trade', 'kyc_verified']);
    // The history says what moved it, newest first.
    expect(afterTrade.history[0]!.reason).toBe('Order filled');
    expect(afterTrade.history.map((h) => h.reason)).toContain('Deposit confirmed');
    // client_info returns the stored score, without computing anything.
    const profile = await t.api.get<TClientProfile>('/auth/app/v1/client_info', c.token);
    expect(profile.body.data.score).toBe(afterTrade.score);
    // Locked ones show progress: one trade of ten.
    const ten = (await get<TAchievements>(c, 'achievements')).items.find(
      (a) => a.code === 'ten_trades',
    )!;
    expect(ten).toMatchObject({ earned_at: null, progress: 1, target: 10 });
  });

  it('the radar has five scores from 0 to 100, each with a sentence', async () => {
    const c = await trader(t, 300_000);
    const order = await placed(t, c, { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20 });
    await untilSettled(t, c, order.id);
    const radar = await get<TRadar>(c, 'radar');
    expect(radar.scores.map((s) => s.axis)).toEqual([
      'diversification',
      'activity',
      'risk',
      'return',
      'discipline',
    ]);
    for (const s of radar.scores) {
      expect(s.value).toBeGreaterThanOrEqual(0);
      expect(s.value).toBeLessThanOrEqual(100);
      expect(s.explanation.length).toBeGreaterThan(20);
    }
    expect(radar.scores[1]!.value).toBe(5); // one trade in 90 days
  });
});

describe('achievements are granted once', () => {
  it('an event replayed, and two servers recomputing at once, grant each achievement once', async () => {
    const c = await trader(t, 100_000);
    await eventually(earnedCodes.bind(null, c), (codes) => codes.includes('first_deposit'));
    const second = await buildTestApp({ sharing: t, env: { MARKET_ALWAYS_OPEN: 'true' } });
    try {
      const event = JSON.stringify({
        subject: 'deposit',
        id: 'replayed',
        action: 'deposit.confirm',
        from: 'pending',
        to: 'confirmed',
        at: new Date().toISOString(),
        clientId: c.id,
      });
      // Clear the grants and replay: both servers hear the event, and recompute besides.
      await t.ctx.db.execute(`delete from achievements_earned where client_id = '${c.id}'`);
      // Each server's engagement listener queues its computation in the same dispatch as these
      // ears hear the event, so "heard three times, then both queues idle" means all ran.
      const servers = [t.ctx, second.ctx];
      let heard = 0;
      const offs = servers.map((ctx) =>
        ctx.bus.subscribe(transitionChannel('deposit'), (message) => {
          if (message === event) heard++;
        }),
      );
      try {
        for (let i = 0; i < 3; i++) t.ctx.bus.publish(transitionChannel('deposit'), event);
        await Promise.all([
          t.ctx.engagement.recompute(c.id),
          second.ctx.engagement.recompute(c.id),
          second.ctx.engagement.recompute(c.id),
        ]);
        await eventually(
          async () => heard,
          (n) => n === 6,
        );
        const stats = await eventually(
          async () => servers.map((ctx) => ctx.engagement.computationStats()),
          (each) => each.every((s) => s.running === 0 && s.waiting === 0),
        );
        expect(stats.every((s) => s.running === 0 && s.waiting === 0)).toBe(true);
      } finally {
        for (const off of offs) off();
      }
      expect(heard).toBe(6);
      const rows = await sqlRows<{ code: string; n: string }>(
        t,
        `select code, count(*)::text as n from achievements_earned where client_id = '${c.id}' group by code`,
      );
      expect(rows.map((r) => r.code).sort()).toEqual(['first_deposit', 'kyc_verified']);
      expect(rows.every((r) => r.n === '1')).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('VIP tiers', () => {
  it('the level changes when an admin edits the tiers, and its discount reaches the contract note', async () => {
    const c = await trader(t, 300_000);
    const before = await eventually(
      () => get<TVip>(c, 'vip'),
      (v) => v.current_assets_paise > 0,
    );
    // ₹3 lakh for one day of thirty: ₹10,000 on average, VIP 0.
    expect(before).toMatchObject({ level: 0, average_assets_paise: 1_000_000 });

    const lowered = SEEDED.map((tier) =>
      tier.level === 1
        ? { ...tier, min_assets_paise: 500_000, brokerage_discount_bps: 5000 }
        : tier,
    );
    expect((await saveTiers(lowered)).status).toBe(200);
    const after = await eventually(
      () => get<TVip>(c, 'vip'),
      (v) => v.level === 1,
    );
    expect(after.tier.brokerage_discount_bps).toBe(5000);
    const profile = await t.api.get<TClientProfile>('/auth/app/v1/client_info', c.token);
    expect(profile.body.data.vip).toBe(1);

    const order = await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 10 });
    await untilSettled(t, c, order.id);
    const [fill] = await sqlRows<{
      charges: { brokerage_paise: number; vip_discount_paise: number };
    }>(t, `select charges from fills where order_id = '${order.id}'`);
    expect(fill!.charges.vip_discount_paise).toBeGreaterThan(0);
    // Half off: what is left equals what was taken off (within a paisa of rounding).
    expect(
      Math.abs(fill!.charges.brokerage_paise - fill!.charges.vip_discount_paise),
    ).toBeLessThanOrEqual(1);
    await saveTiers(SEEDED);
  });

  it('tiers must rise level by level; only admin edits them', async () => {
    const bad = SEEDED.map((tier) => (tier.level === 2 ? { ...tier, min_assets_paise: 1 } : tier));
    const reply = await saveTiers(bad);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Each level must need more assets than the level below it.');
    const ops = await signInStaff(t, 'operations');
    expect(
      (await t.api.put('/console/api/v1/engagement/tiers', { tiers: SEEDED }, ops.token)).status,
    ).toBe(403);
  });

  it("a tier's daily withdrawal limit refuses what would pass it today", async () => {
    const c = await trader(t, 50_000);
    const card = await addCard(t, c);
    await saveTiers(
      SEEDED.map((tier) =>
        tier.level === 0 ? { ...tier, daily_withdrawal_limit_paise: 1_500_000 } : tier,
      ),
    );
    const withdraw = (rupees: number) =>
      t.api.post(
        '/funds/app/v1/withdrawals',
        { amount: rupees, bank_card_id: card.id, pin: c.pin },
        c.token,
        keyed(),
      );
    expect((await withdraw(10_000)).status).toBe(200);
    const refused = await withdraw(10_000);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Your daily withdrawal limit is ₹15,000.00. Try a smaller amount or withdraw again tomorrow.',
    );
    expect((await withdraw(5_000)).status).toBe(200);
    await saveTiers(SEEDED);
  });

  it('two withdrawals at once that together pass the daily limit: exactly one is accepted', async () => {
    const c = await trader(t, 50_000);
    const card = await addCard(t, c);
    await saveTiers(
      SEEDED.map((tier) =>
        tier.level === 0 ? { ...tier, daily_withdrawal_limit_paise: 1_500_000 } : tier,
      ),
    );
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        t.api.post(
          '/funds/app/v1/withdrawals',
          { amount: 10_000, bank_card_id: card.id, pin: c.pin },
          c.token,
          keyed(),
        ),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    await saveTiers(SEEDED);
  });
});

describe('console', () => {
  it("an advisor adjusts their client's score with a reason; it is a part, in the history and audited", async () => {
    const advisor = await signInStaff(t, 'advisor');
    const c = await moneyClient(t, { advisorId: advisor.id });
    const start = await eventually(
      () => get<TScore>(c, 'score'),
      (s) => s.parts.find((p) => p.key === 'kyc')!.points === 25,
    );
    const empty = await t.api.post(
      `/console/api/v1/engagement/clients/${c.id}/score-adjustments`,
      { points: 5, reason: '  ' },
      advisor.token,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Enter the reason for the adjustment.');
    const reply = await t.api.post<TScore>(
      `/console/api/v1/engagement/clients/${c.id}/score-adjustments`,
      { points: 5, reason: 'Verified address in person' },
      advisor.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.score).toBe(start.score + 5);
    expect(reply.body.data.parts.find((p) => p.key === 'staff')!.points).toBe(5);
    expect(reply.body.data.history[0]!.reason).toBe(
      'Staff adjustment +5: Verified address in person',
    );
    const audit = await sqlRows(
      t,
      `select 1 from audit_log where action = 'engagement.score.adjust' and subject_id = '${c.id}'`,
    );
    expect(audit).toHaveLength(1);

    const view = await t.api.get<TConsoleEngagement>(
      `/console/api/v1/engagement/clients/${c.id}`,
      advisor.token,
    );
    expect(view.status).toBe(200);
    expect(view.body.data.adjustments[0]).toMatchObject({
      points: 5,
      reason: 'Verified address in person',
    });
    expect(view.body.data.radar.scores).toHaveLength(5);

    // Another advisor neither sees nor adjusts this client.
    const other = await signInStaff(t, 'advisor');
    expect(
      (await t.api.get(`/console/api/v1/engagement/clients/${c.id}`, other.token)).status,
    ).toBe(403);
    expect(
      (
        await t.api.post(
          `/console/api/v1/engagement/clients/${c.id}/score-adjustments`,
          { points: 5, reason: 'x' },
          other.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('the nightly pass (last: it moves the clock a year on)', () => {
  it('a client never computed (an install from before engagement) is computed when the jobs start', async () => {
    const c = await moneyClient(t);
    await eventually(
      () => sqlRows(t, `select 1 from engagement_status where client_id = '${c.id}'`),
      (rows) => rows.length === 1,
    );
    await t.ctx.db.execute(`delete from engagement_status where client_id = '${c.id}'`);
    await t.ctx.db.execute(`update clients set score = 0 where id = '${c.id}'`);
    const stop = t.ctx.engagement.startJobs(60_000);
    const rows = await eventually(
      () => sqlRows<{ score: number }>(t, `select score from clients where id = '${c.id}'`),
      (r) => r[0]!.score > 0,
    );
    await stop();
    expect(rows[0]!.score).toBeGreaterThanOrEqual(45);
  });

  it("recomputes what time alone changes: a year with the firm and the account's age", async () => {
    const c = await moneyClient(t);
    await eventually(
      () => t.ctx.engagement.score(c.id),
      (s) => s.parts.find((p) => p.key === 'kyc')!.points === 25,
    );
    // 400 days on, at 17:00 IST (after the market's close): the leader's job runs the pass.
    const next = new Date(t.clock.now().getTime() + 400 * 86_400_000);
    const ist = new Date(next.getTime() + 330 * 60_000);
    ist.setUTCHours(17, 0, 0, 0);
    t.clock.set(new Date(ist.getTime() - 330 * 60_000));
    const stop = t.ctx.engagement.startJobs(60_000);
    const score = await eventually(
      () => t.ctx.engagement.score(c.id),
      (s) => s.parts.find((p) => p.key === 'account_age')!.points === 15,
      30_000,
    );
    await stop();
    expect(score.history[0]!.reason).toBe('Nightly recomputation');
    const earned = await t.ctx.engagement.achievements(c.id);
    expect(earned.find((a) => a.code === 'one_year')!.earned_at).not.toBeNull();
  });
});
