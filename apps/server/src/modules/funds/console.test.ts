/**
 * The console's money routes: every action × every role (operations and admin move money;
 * support and advisors read a client's ledger only), the dashboard counts, the client ledger
 * view and the reconciliation report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_ROLES,
  type TClientLedger,
  type TDashboard,
  type TDepositView,
  type TReconciliation,
  type TStaffRole,
  type TWithdrawalView,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import {
  addCard,
  fund,
  keyed,
  moneyClient,
  type MoneyClient,
  nextUtr,
  openDeposits,
} from './test-fixtures.ts';

let t: TestApp;
const staff = {} as Record<TStaffRole, SignedInStaff>;
let client: MoneyClient;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  for (const role of STAFF_ROLES) staff[role] = await signInStaff(t, role);
  // The advisor's own client, funded, with a card.
  client = await moneyClient(t, { advisorId: staff.advisor.id });
  await fund(t, client, 100000);
});
afterAll(async () => t.close());

const pendingDeposit = async () =>
  (
    await t.api.post<TDepositView>(
      '/funds/app/v1/deposits',
      { amount: 20000, method: 'NEFT', utr: nextUtr() },
      client.token,
      keyed(),
    )
  ).body.data.id;

let card: string | undefined;
const pendingWithdrawal = async () => {
  card ??= (await addCard(t, client)).id;
  return (
    await t.api.post<TWithdrawalView>(
      '/funds/app/v1/withdrawals',
      { amount: 100, bank_card_id: card, pin: client.pin },
      client.token,
      keyed(),
    )
  ).body.data.id;
};

type Call = { method: 'GET' | 'POST'; path: string; body?: unknown };
const MONEY: TStaffRole[] = ['admin', 'operations'];
const READERS: TStaffRole[] = ['admin', 'operations', 'support', 'advisor'];

const ACTIONS: { name: string; allowed: TStaffRole[]; prepare: () => Promise<Call> }[] = [
  {
    name: 'list deposits',
    allowed: MONEY,
    prepare: async () => ({ method: 'GET', path: '/funds/deposits' }),
  },
  {
    name: 'confirm a deposit',
    allowed: MONEY,
    prepare: async () => ({
      method: 'POST',
      path: `/funds/deposits/${await pendingDeposit()}/confirm`,
    }),
  },
  {
    name: 'reject a deposit',
    allowed: MONEY,
    prepare: async () => ({
      method: 'POST',
      path: `/funds/deposits/${await pendingDeposit()}/reject`,
      body: { reason: 'No such credit' },
    }),
  },
  {
    name: 'list withdrawals',
    allowed: MONEY,
    prepare: async () => ({ method: 'GET', path: '/funds/withdrawals' }),
  },
  {
    name: 'pay a withdrawal',
    allowed: MONEY,
    prepare: async () => ({
      method: 'POST',
      path: `/funds/withdrawals/${await pendingWithdrawal()}/pay`,
      body: { bank_reference: 'SBINN52026112000777' },
    }),
  },
  {
    name: 'reject a withdrawal',
    allowed: MONEY,
    prepare: async () => ({
      method: 'POST',
      path: `/funds/withdrawals/${await pendingWithdrawal()}/reject`,
      body: { reason: 'Bank account closed' },
    }),
  },
  {
    name: 'read the reconciliation',
    allowed: MONEY,
    prepare: async () => ({ method: 'GET', path: '/funds/reconciliation' }),
  },
  {
    name: "read a client's ledger",
    allowed: READERS,
    prepare: async () => ({ method: 'GET', path: `/funds/clients/${client.id}/ledger` }),
  },
];

describe('roles', () => {
  for (const action of ACTIONS) {
    for (const role of STAFF_ROLES) {
      const allowed = action.allowed.includes(role);
      it(`${role} ${allowed ? 'may' : 'may not'} ${action.name}`, async () => {
        const call = await action.prepare();
        const path = `/console/api/v1${call.path}`;
        const reply =
          call.method === 'GET'
            ? await t.api.get(path, staff[role].token)
            : await t.api.post(path, call.body ?? {}, staff[role].token, keyed());
        expect([reply.status, reply.body.message]).toEqual(
          allowed ? [200, expect.any(String)] : [403, 'Your role does not allow this.'],
        );
      });
    }
  }

  it("an advisor reads only their own clients' ledgers", async () => {
    const other = await signInStaff(t, 'advisor');
    const reply = await t.api.get(`/console/api/v1/funds/clients/${client.id}/ledger`, other.token);
    expect([reply.status, reply.body.message]).toEqual([
      403,
      'This client belongs to another advisor.',
    ]);
  });

  it('writes an audit row for every decision, naming the staff member', async () => {
    const id = await pendingWithdrawal();
    await t.api.post(
      `/console/api/v1/funds/withdrawals/${id}/reject`,
      { reason: 'Name mismatch at bank' },
      staff.operations.token,
      keyed(),
    );
    const rows = await sqlRows<{ actor_type: string; actor_id: string; after: { reason: string } }>(
      t,
      `select actor_type, actor_id, after from audit_log where action = 'withdrawal.reject' and subject_id = '${id}'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_type: 'staff',
      actor_id: staff.operations.id,
      after: { reason: 'Name mismatch at bank' },
    });
  });
});

describe('console views', () => {
  it('the dashboard counts pending deposits and withdrawals for operations, not for advisors', async () => {
    const deposits = Number(
      (
        await sqlRows<{ n: string }>(
          t,
          `select count(*)::text as n from deposits where status = 'pending'`,
        )
      )[0]!.n,
    );
    const forOps = await t.api.get<TDashboard>('/console/api/v1/dashboard', staff.operations.token);
    expect(forOps.body.data.queues).toMatchObject({ deposits_pending: deposits });
    expect(forOps.body.data.queues.withdrawals_pending).toEqual(expect.any(Number));
    await pendingDeposit();
    const after = await t.api.get<TDashboard>('/console/api/v1/dashboard', staff.admin.token);
    expect(after.body.data.queues.deposits_pending).toBe(deposits + 1);
    const forAdvisor = await t.api.get<TDashboard>(
      '/console/api/v1/dashboard',
      staff.advisor.token,
    );
    expect(forAdvisor.body.data.queues).not.toHaveProperty('deposits_pending');
  });

  it("shows a client's ledger: balances and postings with both sides, paged", async () => {
    const first = await t.api.get<TClientLedger>(
      `/console/api/v1/funds/clients/${client.id}/ledger?limit=1`,
      staff.support.token,
    );
    expect(first.body.data.client).toMatchObject({ id: client.id, mobile: client.mobile });
    expect(first.body.data.postings.items).toHaveLength(1);
    const posting = first.body.data.postings.items[0]!;
    expect(posting.lines.reduce((sum, l) => sum + l.amount_paise, 0)).toBe(0);
    expect(first.body.data.postings.next_cursor).not.toBeNull();
    const rest = await t.api.get<TClientLedger>(
      `/console/api/v1/funds/clients/${client.id}/ledger?limit=100&cursor=${first.body.data.postings.next_cursor}`,
      staff.support.token,
    );
    const all = [posting, ...rest.body.data.postings.items];
    expect(all.map((p) => p.kind)).toContain('deposit');
    expect(Number(all[0]!.id)).toBeGreaterThan(Number(all[all.length - 1]!.id));
    const balances = await t.ctx.ledger.balancesOf(client.id);
    expect(first.body.data.balances).toEqual({
      cash_available_paise: Number(balances.cash_available),
      cash_on_hold_paise: Number(balances.cash_on_hold),
      loan_principal_paise: 0,
    });
  });

  it('the reconciliation report: the check, the firm accounts and what clients hold', async () => {
    const reply = await t.api.get<TReconciliation>(
      '/console/api/v1/funds/reconciliation',
      staff.operations.token,
    );
    const report = reply.body.data;
    expect(report).toMatchObject({ ok: true, discrepancies: [] });
    expect(report.counts.postings).toBeGreaterThan(0);
    const clearing = report.firm_accounts.find((a) => a.account === 'bank_clearing')!;
    // Money in the firm's bank for clients = what clients hold, available or on hold.
    expect(-clearing.balance_paise).toBe(
      report.client_totals.cash_available_paise + report.client_totals.cash_on_hold_paise,
    );
    expect(report.firm_accounts.map((a) => a.account)).toEqual([
      'bank_clearing',
      'fees',
      'taxes',
      'ipo_escrow',
      'loans',
      'interest_income',
      'loan_losses',
      'trade_settlement',
      'compensation',
      'promotions',
    ]);
  });
});
