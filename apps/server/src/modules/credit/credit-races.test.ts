/**
 * Races over real HTTP on PostgreSQL: N parallel requests against one balance, holding or
 * loan; exactly what is allowed happens, once, and the ledger checks out after each.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LM, TM } from '@sampada/shared';
import { runCommand } from '../../cli/program.ts';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { addCard, balancesOf, keyed, openDeposits, signInAgain } from '../funds/test-fixtures.ts';
import { placeOrder, runMarket } from '../trading/test-fixtures.ts';
import {
  applied,
  apply,
  borrower,
  buyShares,
  DAY_MS,
  decide,
  disbursed,
  LAS_ID,
  PERSONAL_ID,
  repay,
} from './test-fixtures.ts';

// Clients sign up (argon2id each) and 20 PIN checks run at once: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let t: TestApp;
let ops1: SignedInStaff;
let ops2: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  ops1 = await signInStaff(t, 'operations');
  ops2 = await signInStaff(t, 'operations');
  await runMarket(t, 4);
});
afterAll(async () => t?.close());

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
const count = async (query: string) => (await sqlRows<{ n: number }>(t, query))[0]!.n;

describe('races', () => {
  it('20 parallel repayments from cash that covers 5: exactly 5 succeed', async () => {
    const c = await borrower(t, { rupees: 0 });
    const loan = await applied(t, c, {
      product_id: PERSONAL_ID,
      amount_paise: 5_000_000,
      tenure_months: 12,
    });
    await disbursed(t, [ops1, ops2], loan);
    // Most of the loan's cash goes on hold for a withdrawal, so cash and not the loan binds.
    const card = await addCard(t, c);
    const hold = await t.api.post(
      '/funds/app/v1/withdrawals',
      { amount: '40000', bank_card_id: card.id, pin: c.pin },
      c.token,
      keyed(),
    );
    expect(hold.status).toBe(200);
    const cash = (await balancesOf(t, c.id)).cash_available;
    const each = (cash * 2n) / 11n; // 5 × each ≤ cash < 6 × each
    expect(20n * each).toBeLessThan(5_000_000n);

    const replies = await Promise.all(Array.from({ length: 20 }, () => repay(t, c, loan.id, each)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    expect(new Set(replies.filter((r) => r.status !== 200).map((r) => r.body.message))).toEqual(
      new Set([LM.repayAboveCash]),
    );
    expect((await balancesOf(t, c.id)).cash_available).toBe(cash - 5n * each);
    expect(
      await count(`select count(*)::int as n from loan_repayments where loan_id = '${loan.id}'`),
    ).toBe(5);
    const [row] = await sqlRows<{ principal: string; paid: string }>(
      t,
      `select outstanding_principal_paise as principal, paid_principal_paise as paid from loans where id = '${loan.id}'`,
    );
    expect(BigInt(row!.principal) + BigInt(row!.paid)).toBe(5_000_000n);
    expect(BigInt(row!.paid)).toBe(5n * each);
    await ledgerOk();
  });

  it('selling pledged shares while applying: never both', async () => {
    for (let round = 0; round < 6; round++) {
      const c = await borrower(t, { rupees: 400_000 });
      await buyShares(t, c, 'INFY', 100);
      const [loan, sale] = await Promise.all([
        apply(t, c, {
          product_id: LAS_ID,
          amount_paise: 2_500_000,
          tenure_months: 3,
          pledges: [{ symbol: 'INFY', quantity: 100 }],
        }),
        placeOrder(t, c, { type: 'market', symbol: 'INFY', side: 'sell', quantity: 100 }),
      ]);
      const won = [loan.status, sale.status].filter((s) => s === 200);
      expect(won).toHaveLength(1);
      if (loan.status !== 200) expect(loan.body.message).toBe(LM.pledgeBeyondFree('INFY'));
      if (sale.status !== 200) expect(sale.body.message).toBe(TM.insufficientHolding);
      const [held] = await sqlRows<{ quantity: string; reserved: string; pledged: string }>(
        t,
        `select quantity, reserved, pledged from holdings where client_id = '${c.id}' and symbol = 'INFY'`,
      );
      expect(Number(held!.reserved) + Number(held!.pledged)).toBe(100);
      expect(Number(held!.quantity)).toBe(100);
    }
    await ledgerOk();
  });

  it('two officers approving at once: one approval; the same officer twice at once: one', async () => {
    const c = await borrower(t, { rupees: 0 });
    const small = await applied(t, c, {
      product_id: PERSONAL_ID,
      amount_paise: 5_000_000,
      tenure_months: 6,
    });
    expect(small.approvals_required).toBe(1);
    const both = await Promise.all([
      decide(t, ops1, small.id, 'approve'),
      decide(t, ops2, small.id, 'approve'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe(LM.alreadyStatus('approved'));
    expect(
      await count(
        `select count(*)::int as n from audit_log where subject_id = '${small.id}' and action like 'loan.approve%'`,
      ),
    ).toBe(1);

    // Above the threshold: one officer clicking twice at once gives one approval, not two.
    const other = await borrower(t, { rupees: 0 });
    const large = await applied(t, other, {
      product_id: PERSONAL_ID,
      amount_paise: 30_000_000,
      tenure_months: 12,
    });
    expect(large.approvals_required).toBe(2);
    const twice = await Promise.all([
      decide(t, ops1, large.id, 'approve'),
      decide(t, ops1, large.id, 'approve'),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(twice.find((r) => r.status === 409)!.body.message).toBe(LM.secondApprovalSameOfficer);
    const [row] = await sqlRows<{ status: string; second: string | null }>(
      t,
      `select status, second_approved_by as second from loans where id = '${large.id}'`,
    );
    expect(row).toEqual({ status: 'applied', second: null });
  });

  it('the accrual job run twice in parallel: one posting a day', async () => {
    const c = await borrower(t, { rupees: 0 });
    const loan = await applied(t, c, {
      product_id: PERSONAL_ID,
      amount_paise: 10_000_000,
      tenure_months: 6,
    });
    await disbursed(t, [ops1, ops2], loan);
    await t.ctx.credit.servicing.runAccrual();
    const before = await count(
      `select count(*)::int as n from loan_accruals where loan_id = '${loan.id}'`,
    );
    t.clock.advance(4 * DAY_MS);
    const runs = await Promise.all([
      t.ctx.credit.servicing.runAccrual(),
      t.ctx.credit.servicing.runAccrual(),
    ]);
    const days = await count(
      `select count(*)::int as n from loan_accruals where loan_id = '${loan.id}'`,
    );
    expect(days - before).toBe(4);
    const postings = await count(
      `select count(*)::int as n from ledger_postings where kind = 'loan_interest' and reference = 'loan:${loan.id}'`,
    );
    expect(postings).toBe(days);
    // Between them the two runs accrued the 4 days of this loan once (other loans too).
    expect(runs.reduce((n, r) => n + r.days, 0)).toBeGreaterThanOrEqual(4);
    const again = await t.ctx.credit.servicing.runAccrual();
    expect(again.postings).toBe(0);
    await signInAgain(t, c);
    await ledgerOk();
  });
});

describe('operator CLI', () => {
  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCommand(t.ctx, argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out, err };
  }

  it('loan list, approve (maker-checker holds), reject, disburse and accrue', async () => {
    const c = await borrower(t, { rupees: 0 });
    const loan = await applied(t, c, {
      product_id: PERSONAL_ID,
      amount_paise: 30_000_000,
      tenure_months: 12,
    });
    const listed = await run('loan', 'list');
    expect(listed.out.some((line) => line.startsWith(loan.id))).toBe(true);
    const first = await run('loan', 'approve', '--id', loan.id, '--as', ops1.email);
    expect(first).toMatchObject({ code: 0 });
    expect(first.out[0]).toMatch(/^applied \(first approval/);
    const same = await run('loan', 'approve', '--id', loan.id, '--as', ops1.email);
    expect(same).toMatchObject({ code: 1, err: [LM.secondApprovalSameOfficer] });
    expect(await run('loan', 'approve', '--id', loan.id, '--as', ops2.email)).toMatchObject({
      code: 0,
      out: ['approved'],
    });
    expect(await run('loan', 'disburse', '--id', loan.id, '--as', ops2.email)).toMatchObject({
      code: 0,
      out: ['disbursed'],
    });
    const advisor = await signInStaff(t, 'advisor');
    const denied = await run(
      'loan',
      'reject',
      '--id',
      loan.id,
      '--as',
      advisor.email,
      '--reason',
      'x',
    );
    expect(denied.code).toBe(1);
    const today = new Date(t.clock.now().getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const future = await run('loan', 'accrue', '--date', today);
    expect(future).toMatchObject({ code: 1, err: [LM.accrualDateInvalid] });
    t.clock.advance(DAY_MS);
    const accrued = await run('loan', 'accrue', '--date', today);
    expect(accrued.code).toBe(0);
    expect(accrued.out[0]).toMatch(new RegExp(`^Accrued through ${today}: \\d+ loans`));
    expect(await run('ledger', 'check')).toMatchObject({ code: 0 });
  });
});
