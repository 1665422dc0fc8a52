/**
 * The demo client's past: a KYC approved months ago, deposits confirmed by operations, seven
 * holdings bought on past trading days at that day's close, a limit order cancelled, a PIN
 * and a bank account. Everything goes through the services a real client and desk use —
 * deposits are requested and confirmed (ledger postings), purchases are institutional
 * requests the desk allocates (fills, charges, contract notes) — with the clock set to the
 * day each step happened (platform/clock.ts withClockAt). A claim about a deposit, a loan
 * against five holdings and a part repayment of it are steps too (loan-and-claim.ts). No
 * balance or holding is written directly, so the ledger check, the receipts and the
 * portfolio all agree.
 */
import { randomUUID } from 'node:crypto';
import { md5, rupeesToPaise, daysInMs } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { type Actor, cliActor } from '../../platform/audit.ts';
import { withClockAt } from '../../platform/clock.ts';
import { seedDemoClaim, seedDemoLoan, seedDemoRepayment } from './loan-and-claim.ts';

export const DEMO_PIN = '246810';

/** Trading days before the last session, amounts in rupees. */
const DEPOSITS = [
  { daysAgo: 150, rupees: 500_000, method: 'NEFT', utr: 'HDFCN52418837761' },
  { daysAgo: 118, rupees: 250_000, method: 'UPI', utr: '431872650193' },
  { daysAgo: 62, rupees: 300_000, method: 'IMPS', utr: '512604739812' },
] as const;

/** Each purchase spends about `rupees` at the day's close. */
const PURCHASES = [
  { daysAgo: 146, symbol: 'RELIANCE', rupees: 120_000 },
  { daysAgo: 131, symbol: 'HDFCBANK', rupees: 110_000 },
  { daysAgo: 112, symbol: 'TCS', rupees: 95_000 },
  { daysAgo: 96, symbol: 'INFY', rupees: 80_000 },
  { daysAgo: 74, symbol: 'ITC', rupees: 60_000 },
  { daysAgo: 55, symbol: 'M&M', rupees: 90_000 },
  { daysAgo: 31, symbol: 'BHARTIARTL', rupees: 100_000 },
] as const;

/** When the IMPS deposit's claim is filed, the loan taken and a part of it repaid. */
const CLAIM_DAYS_AGO = 61;
const CLAIMED_DEPOSIT_DAYS_AGO = 62;
const LOAN_DAYS_AGO = 28;
const REPAYMENT_DAYS_AGO = 9;

/** Days of a year of daily bars: midnight IST of each session and its close in rupees. */
type Sessions = { time: number; close: number }[];

/** 11:00 IST on the session `daysAgo` trading days before the last one. */
function sessionAt(sessions: Sessions, daysAgo: number, minutes = 0): Date {
  const day = sessions[sessions.length - 1 - daysAgo]!;
  return new Date(day.time * 1000 + (11 * 60 + minutes) * 60_000);
}

type Step = { daysAgo: number; run: () => Promise<void> };

/** Who and what every step of the history acts with. */
type Cast = {
  clientId: string;
  client: Actor;
  desk: { type: 'staff'; id: string };
  cli: Actor;
  staffId: string;
  pin: string;
  baseUrl: string;
  chartOf: (symbol: string) => Promise<Sessions>;
};

/** The demo client's PIN and bank account, set the day after they joined. */
async function setPinAndBank(ctx: AppContext, { clientId, pin, client }: Cast) {
  await ctx.clients.setPin(clientId, pin);
  await ctx.funds.bankCards.add(
    clientId,
    {
      holder_name: 'Priya Sharma',
      account_number: '50100234567812',
      ifsc: 'HDFC0000240',
      bank_name: 'HDFC Bank',
      pin,
    },
    client,
  );
}

/** A deposit the client requests and operations confirm within the hour. */
function depositStep(
  ctx: AppContext,
  cast: Cast,
  d: (typeof DEPOSITS)[number],
  depositIds: Map<number, string>,
): Step {
  const { clock } = ctx;
  const { clientId, baseUrl, client, desk, staffId } = cast;
  return {
    daysAgo: d.daysAgo,
    run: async () => {
      const deposit = await ctx.funds.deposits.request(
        clientId,
        { amount: rupeesToPaise(d.rupees), method: d.method, utr: d.utr },
        { baseUrl, actor: client },
      );
      depositIds.set(d.daysAgo, deposit.id);
      // Operations confirm it within the hour.
      await withClockAt(clock, new Date(clock.now().getTime() + 40 * 60_000), () =>
        ctx.funds.deposits.decide(deposit.id, 'confirm', {
          staffId,
          actor: desk,
          baseUrl,
        }),
      );
    },
  };
}

/** A purchase at the day's close, through an institutional block the desk allocates. */
function purchaseStep(ctx: AppContext, cast: Cast, p: (typeof PURCHASES)[number]): Step {
  const { clock } = ctx;
  const { clientId, client, desk, cli, staffId, pin, chartOf } = cast;
  return {
    daysAgo: p.daysAgo,
    run: async () => {
      const bars = await chartOf(p.symbol);
      const close = bars[bars.length - 1 - p.daysAgo]!.close;
      const price = rupeesToPaise(close.toFixed(2));
      const quantity = Math.max(1, Math.floor(p.rupees / close));
      // The desk offers an institutional block at the day's close; the client asks for a
      // part of it and the desk allocates it in full.
      const offering = await ctx.trading.offerings.createAllocation(
        {
          symbol: p.symbol,
          price,
          quantity: quantity * 40,
          opens_at: clock.now().toISOString(),
          closes_at: new Date(clock.now().getTime() + daysInMs(3)).toISOString(),
          note: 'Block from a fund rebalancing (demo history).',
        },
        staffId,
        cli,
      );
      const order = await ctx.trading.orders.place(
        clientId,
        { type: 'institutional', offering_id: offering.id, quantity, pin },
        { actor: client, sessionId: randomUUID() },
      );
      await withClockAt(clock, new Date(clock.now().getTime() + 25 * 60_000), () =>
        ctx.trading.orders.allocate(order.id, quantity, {
          actor: desk,
          present: async (row) => row,
        }),
      );
    },
  };
}

/** A limit buy under the market, placed three sessions ago and cancelled the next day. */
async function cancelledLimitOrder(ctx: AppContext, sessions: Sessions, cast: Cast) {
  const { clock } = ctx;
  const { clientId, client, pin } = cast;
  const tcs = ctx.market.engine.state('TCS');
  if (tcs) {
    const tick = 10n;
    const limit = ((BigInt(tcs.last) * 96n) / 100n / tick) * tick;
    const order = await withClockAt(clock, sessionAt(sessions, 3, 30), () =>
      ctx.trading.orders.place(
        clientId,
        { type: 'limit', symbol: 'TCS', side: 'buy', quantity: 10, limit_price: limit, pin },
        { actor: client, sessionId: randomUUID() },
      ),
    );
    await withClockAt(clock, sessionAt(sessions, 2, 15), () =>
      ctx.trading.orders.cancel(clientId, order.id, { actor: client }),
    );
  }
}

export async function seedDemoHistory(
  ctx: AppContext,
  deps: {
    staffId: string;
    /** An admin: the loan's second approver and who turns the client's flags on. */
    adminId: string;
    /** Registers the client and has KYC approved, on the clock of the first day. */
    onboard: () => Promise<string>;
  },
): Promise<string> {
  const { clock } = ctx;
  const cli = cliActor();
  // A fresh install's year of history first: the purchases are at its closes.
  await ctx.market.backfill();
  const chartOf = async (symbol: string) =>
    (await ctx.market.service.chart(symbol, 'NSE', '1d', 250)).candles;
  const sessions: Sessions = await chartOf('RELIANCE');
  const start = sessionAt(sessions, 160, -60);
  // The standing each step earns is computed on that step's day, as the server's listeners
  // would have then: an achievement reads the day its step happened, not the seed's day.
  const standing = (id: string) => ctx.engagement.recompute(id, 'Demo history');
  const clientId = await withClockAt(clock, start, async () => {
    const id = await deps.onboard();
    await standing(id);
    return id;
  });
  const client: Actor = { type: 'client', id: clientId };
  const desk = { type: 'staff' as const, id: deps.staffId };
  const baseUrl = 'http://localhost';
  const pin = md5(DEMO_PIN);
  const actors: Cast = {
    clientId,
    client,
    desk,
    cli,
    staffId: deps.staffId,
    pin,
    baseUrl,
    chartOf,
  };

  await withClockAt(clock, sessionAt(sessions, 159), () => setPinAndBank(ctx, actors));

  const cast = { clientId, pin, opsId: deps.staffId, adminId: deps.adminId };
  const depositIds = new Map<number, string>();
  let loanId: string | null = null;
  const steps: Step[] = [
    ...DEPOSITS.map((d) => depositStep(ctx, actors, d, depositIds)),
    ...PURCHASES.map((p) => purchaseStep(ctx, actors, p)),
    {
      daysAgo: CLAIM_DAYS_AGO,
      run: async () => {
        await seedDemoClaim(ctx, cast, depositIds.get(CLAIMED_DEPOSIT_DAYS_AGO)!);
      },
    },
    {
      daysAgo: LOAN_DAYS_AGO,
      run: async () => {
        loanId = await seedDemoLoan(ctx, cast);
      },
    },
    {
      daysAgo: REPAYMENT_DAYS_AGO,
      run: () => seedDemoRepayment(ctx, cast, loanId!),
    },
  ];
  steps.sort((a, b) => b.daysAgo - a.daysAgo);
  for (const step of steps)
    await withClockAt(clock, sessionAt(sessions, step.daysAgo), async () => {
      await step.run();
      // After the step's last act (a deposit is confirmed 40 minutes on, a fill 25).
      await withClockAt(clock, new Date(clock.now().getTime() + 60 * 60_000), () =>
        standing(clientId),
      );
    });

  await cancelledLimitOrder(ctx, sessions, actors);
  return clientId;
}
