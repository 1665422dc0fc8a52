/**
 * The demo client's credit and redress: a loan against five of their holdings (applied for,
 * approved — by two officers when its size needs it — disbursed, and partly repaid) and a
 * claim about a deposit that was slow to arrive, reviewed, partly approved and paid. Each
 * step is the service call the client's app or the console makes, so the loan's pledge,
 * interest, repayment and the claim's payment are real postings the ledger check sees.
 */
import { randomUUID } from 'node:crypto';
import { rupeesToPaise } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/audit.ts';
import { withClockAt } from '../../platform/clock.ts';
import { viewerFor } from '../../platform/viewer.ts';

/** Who acts in the demo: the client, an operations officer and an admin (the checker). */
export type DemoCast = {
  clientId: string;
  pin: string;
  opsId: string;
  adminId: string;
};

/** Holdings the loan pledges in full; ITC and BHARTIARTL stay free to sell in the demo. */
const PLEDGED = ['RELIANCE', 'HDFCBANK', 'TCS', 'INFY', 'M&M'];
/**
 * Borrowed as a share of the pledge's value, well under a margin call (60 %); at least just
 * above the approval threshold when the product's LTV allows, so the demo shows two
 * officers' approvals.
 */
const BORROW_BPS = 4_200n;
const ROUND_TO = rupeesToPaise(5_000);
const OVER_THRESHOLD = rupeesToPaise(10_000);

const later = (ctx: AppContext, minutes: number) =>
  new Date(ctx.clock.now().getTime() + minutes * 60_000);

/** Lets an admin turn the client's loan and compensation flags on, as the console does. */
async function allow(ctx: AppContext, cast: DemoCast, flags: object) {
  const admin: Actor = { type: 'staff', id: cast.adminId };
  await ctx.clients.setFlags(
    viewerFor({ staffId: cast.adminId, roles: ['admin'] }),
    cast.clientId,
    flags,
    admin,
  );
}

/**
 * A 12-month loan against shares, on the clock's day: applied for, approved (maker-checker
 * above the approval threshold), disbursed to cash. Returns the loan's id.
 */
export async function seedDemoLoan(ctx: AppContext, cast: DemoCast): Promise<string> {
  await allow(ctx, cast, { allow_loan: true });
  const client: Actor = { type: 'client', id: cast.clientId };
  const product = (await ctx.credit.products.active()).find(
    (p) => p.kind === 'loan_against_shares',
  );
  if (!product) throw new Error('No active loan-against-shares product to seed the demo loan');
  const held = new Map(
    (await ctx.trading.pledges.holdingsOf(ctx.db, cast.clientId)).map((h) => [h.symbol, h]),
  );
  const pledges = PLEDGED.flatMap((symbol) => {
    const holding = held.get(symbol);
    return holding && holding.free > 0 ? [{ symbol, quantity: holding.free }] : [];
  });
  const value = pledges.reduce(
    (sum, line) => sum + (held.get(line.symbol)!.pricePaise ?? 0n) * BigInt(line.quantity),
    0n,
  );
  const roundDown = (paise: bigint) => (paise / ROUND_TO) * ROUND_TO;
  const eligible = roundDown((value * BigInt(product.ltvBps ?? 0)) / 10_000n);
  const checked = (await ctx.credit.products.approvalThreshold()) + OVER_THRESHOLD;
  let amount = roundDown((value * BORROW_BPS) / 10_000n);
  if (amount < checked && checked <= eligible) amount = checked;
  if (amount > product.maxAmountPaise) amount = product.maxAmountPaise;
  const tenure = product.tenureMonths.includes(12) ? 12 : product.tenureMonths.at(-1)!;
  const borrower = await ctx.clients.byId(cast.clientId);
  const terms = { product_id: product.id, amount_paise: amount, tenure_months: tenure, pledges };
  // The client reads the key fact statement and accepts it by applying with it.
  const kfs = await ctx.credit.keyFacts.issue(borrower, terms);
  const loan = await ctx.credit.loans.apply(
    borrower,
    { ...terms, kfs_id: kfs.id, pin: cast.pin },
    { actor: client, sessionId: randomUUID() },
  );
  // Operations approve within the morning; a second officer checks loans above the threshold.
  const officers = [cast.opsId, cast.adminId];
  for (let i = 0; i < loan.approvals_required; i++) {
    const staffId = officers[i]!;
    await withClockAt(ctx.clock, later(ctx, 50 + i * 35), () =>
      ctx.credit.loans.approve(loan.id, { staffId, actor: { type: 'staff', id: staffId } }),
    );
  }
  await withClockAt(ctx.clock, later(ctx, 150), () =>
    ctx.credit.loans.disburse(loan.id, {
      staffId: cast.opsId,
      actor: { type: 'staff', id: cast.opsId },
    }),
  );
  return loan.id;
}

/** A part of the loan repaid from cash on the clock's day: interest first, then principal. */
export async function seedDemoRepayment(ctx: AppContext, cast: DemoCast, loanId: string) {
  await ctx.credit.servicing.repay(
    await ctx.clients.byId(cast.clientId),
    loanId,
    { amount_paise: rupeesToPaise(25_000), pin: cast.pin },
    { actor: { type: 'client', id: cast.clientId }, sessionId: randomUUID() },
  );
}

/**
 * A claim the day after an IMPS deposit took 40 minutes to be credited: reviewed the next
 * morning, partly approved as goodwill (the stated window is two hours) and paid to cash.
 */
export async function seedDemoClaim(ctx: AppContext, cast: DemoCast, depositId: string) {
  await allow(ctx, cast, { allow_compensation: true });
  const baseUrl = 'http://localhost';
  const claim = await ctx.compensation.claims.apply(
    await ctx.clients.byId(cast.clientId),
    {
      category: 'delayed_service',
      amount_paise: rupeesToPaise(1_200),
      description:
        'I sent ₹3,00,000 by IMPS at 11:00 but it was credited only at 11:40. By then the ' +
        'shares I meant to buy had risen; I ask for the ₹1,200 difference.',
      related: { kind: 'deposit', id: depositId },
      evidence: [],
    },
    { actor: { type: 'client', id: cast.clientId }, baseUrl },
  );
  const officer = { staffId: cast.opsId, actor: { type: 'staff' as const, id: cast.opsId } };
  await withClockAt(ctx.clock, later(ctx, 20 * 60), async () => {
    await ctx.compensation.claims.review(claim.id, { ...officer, baseUrl });
    await withClockAt(ctx.clock, later(ctx, 90), () =>
      ctx.compensation.claims.approve(
        claim.id,
        {
          amount: rupeesToPaise(500),
          reason:
            'The deposit was credited within the stated two-hour window; ₹500 as goodwill ' +
            'for the wait.',
        },
        { ...officer, baseUrl },
      ),
    );
    await withClockAt(ctx.clock, later(ctx, 180), () =>
      ctx.compensation.claims.pay(claim.id, { ...officer, baseUrl }),
    );
  });
  return claim.id;
}
