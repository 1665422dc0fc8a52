/**
 * The penal charge as a product setting (issue 33), on real PostgreSQL over HTTP: an admin
 * makes flat and rate products, a partial edit keeps the saved setting, every change is
 * audited with before and after, the KFS names the setting ("Nil" when none), refusals carry
 * the shared messages; and a flat charge made through the API is charged once per overdue
 * instalment by the accrual job under a moved clock, as the loan's KFS said even after the
 * product is changed (the loan keeps its own terms, migration 0056).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LM,
  type TCreditProduct,
  type TCreditProductInput,
  type TKeyFactStatement,
} from '@sampada/shared';
import { buildTestApp, signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import { type MoneyClient, openDeposits, signInAgain } from '../funds/test-fixtures.ts';
import { addDays } from './interest.ts';
import {
  applied,
  borrower,
  CONSOLE,
  disbursed,
  keyFacts,
  loanOf,
  accrueUntil,
  holdAllCash as holdAll,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
});
afterAll(async () => t?.close());

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);

/** A personal loan product with no fee; penal fields only as each test says. */
const product = (over: Partial<TCreditProductInput> = {}): TCreditProductInput => ({
  name: `Personal ${Math.random().toString(36).slice(2, 8)}`,
  kind: 'personal',
  repayment: 'emi',
  annual_rate_bps: 1_400,
  tenure_months: [12],
  min_amount_paise: 1_000_000,
  max_amount_paise: 50_000_000,
  processing_fee_bps: 0,
  ...over,
});

/** Signed in afresh: the accrual test moves the clock past a console session. */
const anAdmin = () => signInStaff(t, 'admin');
const create = async (body: object) =>
  t.api.post<TCreditProduct>(`${CONSOLE}/products`, body, (await anAdmin()).token);
const edit = async (id: string, body: object) =>
  t.api.put<TCreditProduct>(`${CONSOLE}/products/${id}`, body, (await anAdmin()).token);

async function created(over: Partial<TCreditProductInput>) {
  const reply = await create(product(over));
  if (reply.status !== 200) throw new Error(`product refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

const penalOf = (p: TCreditProduct) => [p.penal_kind, p.penal_rate_bps, p.penal_flat_paise];
const audits = (id: string, action: string) =>
  sqlRows<{ before: Record<string, unknown> | null; after: Record<string, unknown> }>(
    t,
    `select before, after from audit_log where subject_id = '${id}' and action = '${action}' order by id`,
  );

describe('an admin sets the penal charge of a product', () => {
  it('a flat ₹500 and a 24% rate are saved, listed and audited; the KFS names each', async () => {
    const flat = await created({ penal_kind: 'flat', penal_flat_paise: 50_000 });
    expect(penalOf(flat)).toEqual(['flat', 0, 50_000]);
    const rate = await created({ penal_kind: 'rate', penal_rate_bps: 2_400 });
    expect(penalOf(rate)).toEqual(['rate', 2_400, 0]);

    const admin = await anAdmin();
    const listed = (await t.api.get<TCreditProduct[]>(`${CONSOLE}/products`, admin.token)).body
      .data;
    expect(penalOf(listed.find((p) => p.id === flat.id)!)).toEqual(['flat', 0, 50_000]);
    expect((await audits(flat.id, 'credit.product.create'))[0]!.after).toMatchObject({
      penal_kind: 'flat',
      penal_flat_paise: 50_000,
      penal_rate_bps: 0,
    });

    const c = await borrower(t, { rupees: 0 });
    const terms = { amount_paise: 5_000_000, tenure_months: 12 };
    const flatKfs = (await keyFacts(t, c, { product_id: flat.id, ...terms })).body.data;
    expect(flatKfs.penal).toMatchObject({ kind: 'flat', rate_bps: 0, flat_paise: 50_000 });
    expect(flatKfs.penal.text).toMatch(/^₹500\.00 once for each instalment unpaid/);
    const rateKfs = (await keyFacts(t, c, { product_id: rate.id, ...terms })).body.data;
    expect(rateKfs.penal.text).toMatch(/^24\.00% a year on the overdue principal only/);
  });

  it('a product made without penal fields charges none, and its KFS says Nil', async () => {
    const none = await created({});
    expect(penalOf(none)).toEqual(['rate', 0, 0]);
    const c = await borrower(t, { rupees: 0 });
    const kfs = await keyFacts(t, c, {
      product_id: none.id,
      amount_paise: 5_000_000,
      tenure_months: 12,
    });
    expect((kfs.body.data as TKeyFactStatement).penal).toEqual({
      kind: 'rate',
      rate_bps: 0,
      flat_paise: 0,
      text: 'Nil',
    });
  });

  it('an edit without penal fields keeps the saved setting; one that switches the kind zeroes the other; both audited', async () => {
    const flat = await created({ penal_kind: 'flat', penal_flat_paise: 50_000 });
    const renamed = await edit(flat.id, product({ name: 'Flat, renamed' }));
    expect(renamed.status).toBe(200);
    expect(penalOf(renamed.body.data)).toEqual(['flat', 0, 50_000]);

    // A rate sent without a kind is for the kept kind, flat: refused, nothing saved.
    const stray = await edit(flat.id, product({ penal_rate_bps: 1_800 }));
    expect([stray.status, stray.body.message]).toEqual([400, LM.penalRateWithFlat]);

    const switched = await edit(flat.id, product({ penal_kind: 'rate', penal_rate_bps: 1_800 }));
    expect(penalOf(switched.body.data)).toEqual(['rate', 1_800, 0]);

    const updates = await audits(flat.id, 'credit.product.update');
    expect(updates).toHaveLength(2);
    expect(updates[0]!.before).toMatchObject({ penal_kind: 'flat', penal_flat_paise: 50_000 });
    expect(updates[0]!.after).toMatchObject({ penal_kind: 'flat', penal_flat_paise: 50_000 });
    expect(updates[1]!.before).toMatchObject({ penal_kind: 'flat', penal_flat_paise: 50_000 });
    expect(updates[1]!.after).toMatchObject({
      penal_kind: 'rate',
      penal_rate_bps: 1_800,
      penal_flat_paise: 0,
    });
  });

  it('refuses both kinds at once, a negative or capped-over figure, and a non-admin', async () => {
    const refusals: [object, string][] = [
      [{ penal_kind: 'flat', penal_flat_paise: 50_000, penal_rate_bps: 100 }, LM.penalRateWithFlat],
      [{ penal_kind: 'rate', penal_rate_bps: 2_400, penal_flat_paise: 100 }, LM.penalFlatWithRate],
      [{ penal_rate_bps: 2_400, penal_flat_paise: 50_000 }, LM.penalRateWithFlat],
      [{ penal_kind: 'flat', penal_flat_paise: -1 }, LM.penalFlatInvalid],
      [{ penal_kind: 'flat', penal_flat_paise: 500_001 }, LM.penalFlatInvalid],
      [{ penal_kind: 'rate', penal_rate_bps: -1 }, LM.penalRateInvalid],
      [{ penal_kind: 'rate', penal_rate_bps: 3_601 }, LM.penalRateInvalid],
      [{ penal_kind: 'daily' }, ''],
    ];
    for (const [over, message] of refusals) {
      const reply = await create(product(over));
      expect(reply.status, JSON.stringify(over)).toBe(400);
      if (message) expect(reply.body.message).toBe(message);
    }
    // The caps themselves are allowed.
    expect(penalOf(await created({ penal_kind: 'flat', penal_flat_paise: 500_000 }))).toEqual([
      'flat',
      0,
      500_000,
    ]);
    expect(penalOf(await created({ penal_kind: 'rate', penal_rate_bps: 3_600 }))).toEqual([
      'rate',
      3_600,
      0,
    ]);

    const rate = await created({ penal_kind: 'rate', penal_rate_bps: 2_400 });
    for (const role of ['operations', 'advisor', 'support'] as const) {
      const staff = await signInStaff(t, role);
      const body = product({ penal_kind: 'flat', penal_flat_paise: 50_000 });
      expect((await t.api.post(`${CONSOLE}/products`, body, staff.token)).status).toBe(403);
      expect((await t.api.put(`${CONSOLE}/products/${rate.id}`, body, staff.token)).status).toBe(
        403,
      );
    }
    const admin = await anAdmin();
    const listed = (await t.api.get<TCreditProduct[]>(`${CONSOLE}/products`, admin.token)).body
      .data;
    expect(penalOf(listed.find((p) => p.id === rate.id)!)).toEqual(['rate', 2_400, 0]);
  });
});

// ---------- Accrual under a moved clock (as credit-dues.test.ts) ----------

const runUntil = (day: string) => accrueUntil(t, day);
const holdAllCash = (c: MoneyClient) => holdAll(t, c);
/** The loan's penal postings: how many, and what they credited to the firm's fees. */
const penalPostings = async (loanId: string) =>
  (
    await sqlRows<{ n: number; total: string | null }>(
      t,
      `select count(*)::int as n, sum(l.amount)::text as total from ledger_postings p
       join ledger_lines l on l.posting_id = p.id
       join ledger_accounts a on a.id = l.account_id and a.kind = 'fees' and a.client_id is null
       where p.kind = 'loan_penal_charge' and p.reference = 'loan:${loanId}'`,
    )
  )[0]!;

describe('a flat penal product made through the API', () => {
  it('charges ₹500 once for each instalment that falls overdue, never day by day, whatever the product says later', async () => {
    const flat = await created({ penal_kind: 'flat', penal_flat_paise: 50_000 });
    let c = await borrower(t, { rupees: 0 });
    const loan = await applied(t, c, {
      product_id: flat.id,
      amount_paise: 5_000_000,
      tenure_months: 12,
    });
    await disbursed(
      t,
      [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')],
      loan,
    );
    await holdAllCash(c);
    // The admin raises the product's charge after sanction: the loan keeps what its KFS said.
    const raised = await edit(
      flat.id,
      product({ name: flat.name, penal_kind: 'rate', penal_rate_bps: 3_600 }),
    );
    expect(penalOf(raised.body.data)).toEqual(['rate', 3_600, 0]);
    c = await signInAgain(t, c);
    const [first, second] = (await loanOf(t, c, loan.id)).schedule;

    // Due and unpaid on its day: nothing yet. Overdue from the next: one ₹500 charge, which
    // five more days do not repeat.
    await runUntil(addDays(first!.due_date, 1));
    expect((await penalPostings(loan.id)).n).toBe(0);
    await runUntil(addDays(first!.due_date, 7));
    expect(await penalPostings(loan.id)).toEqual({ n: 1, total: '50000' });
    c = await signInAgain(t, c);
    let now = await loanOf(t, c, loan.id);
    expect([now.schedule[0]!.state, now.fees_due_paise]).toEqual(['overdue', 50_000]);

    // The second instalment falls overdue too: a second ₹500, for it alone.
    await runUntil(addDays(second!.due_date, 3));
    expect(await penalPostings(loan.id)).toEqual({ n: 2, total: '100000' });
    c = await signInAgain(t, c);
    now = await loanOf(t, c, loan.id);
    expect(now.fees_due_paise).toBe(100_000);
    expect(now.schedule.slice(0, 2).map((i) => i.state)).toEqual(['overdue', 'overdue']);
    await ledgerOk();
  });
});
