/**
 * Corporate actions in the console over real HTTP: an officer proposes, the same officer
 * cannot approve, a second one does (an action whose ex-date has come is applied at once,
 * audited); a rejection needs a reason; a role outside operations is refused; bad input is a
 * 400; an NSE file imports as proposals with its bad rows listed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PORTFOLIO_MESSAGES as PM, type TCorporateAction } from '@sampada/shared';
import { addDays, istDateOf } from '../../platform/ist.ts';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const BASE = '/console/api/v1/portfolio/corporate-actions';
let t: TestApp;
let maker: SignedInStaff;
let checker: SignedInStaff;

beforeAll(async () => {
  t = await buildTestApp();
  maker = await signInStaff(t, 'operations');
  checker = await signInStaff(t, 'operations');
});
afterAll(async () => t?.close());

async function propose(body: object) {
  const reply = await t.api.post<{ items: TCorporateAction[] }>(BASE, body, maker.token);
  expect(reply.status).toBe(200);
  return reply.body.data.items[0]!;
}

describe('maker-checker', () => {
  it('the maker cannot approve; a second officer approves and a due action is applied at once', async () => {
    const yesterday = addDays(istDateOf(t.clock.now()), -1);
    const action = await propose({
      symbol: 'WIPRO',
      kind: 'split',
      ratio_new: 2,
      ratio_old: 1,
      ex_date: yesterday,
    });
    expect(action).toMatchObject({
      status: 'proposed',
      proposed_by: maker.id,
      proposed_by_email: maker.email,
      decided_by_email: null,
      decided_at: null,
    });
    const self = await t.api.post(`${BASE}/${action.id}/approve`, {}, maker.token);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(PM.actionSameOfficer);
    const ok = await t.api.post<TCorporateAction>(
      `${BASE}/${action.id}/approve`,
      {},
      checker.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      status: 'applied',
      decided_by: checker.id,
      decided_by_email: checker.email,
      proposed_by_email: maker.email,
    });
    expect(ok.body.data.decided_at).toEqual(expect.any(String));
    const again = await t.api.post(`${BASE}/${action.id}/approve`, {}, checker.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PM.actionNotProposed('applied'));
    const audit = await sqlRows<{ action: string; actor_id: string }>(
      t,
      `select action, actor_id from audit_log where subject_id = '${action.id}' order by id`,
    );
    expect(audit).toEqual([
      { action: 'portfolio.corporate_action.add', actor_id: maker.id },
      { action: 'corporate_action.approve', actor_id: checker.id },
      { action: 'corporate_action.apply', actor_id: checker.id },
    ]);
  });

  it('a future action waits entered; a rejection needs a reason', async () => {
    const later = addDays(istDateOf(t.clock.now()), 10);
    const a = await propose({
      symbol: 'TCS',
      kind: 'bonus',
      ratio_new: 1,
      ratio_old: 2,
      ex_date: later,
    });
    const ok = await t.api.post<TCorporateAction>(`${BASE}/${a.id}/approve`, {}, checker.token);
    expect(ok.body.data.status).toBe('entered');
    const b = await propose({
      symbol: 'TCS',
      kind: 'split',
      ratio_new: 2,
      ratio_old: 1,
      ex_date: later,
    });
    const blank = await t.api.post(`${BASE}/${b.id}/reject`, { reason: '  ' }, checker.token);
    expect(blank.status).toBe(400);
    const no = await t.api.post<TCorporateAction>(
      `${BASE}/${b.id}/reject`,
      { reason: 'Not announced by NSE.' },
      checker.token,
    );
    expect(no.body.data).toMatchObject({
      status: 'rejected',
      reject_reason: 'Not announced by NSE.',
    });
  });

  it('refuses other roles and bad input', async () => {
    const advisor = await signInStaff(t, 'advisor');
    expect((await t.api.get(BASE, advisor.token)).status).toBe(403);
    const bad = await t.api.post(
      BASE,
      { symbol: 'TCS', kind: 'split', ex_date: '2025-02-30' },
      maker.token,
    );
    expect(bad.status).toBe(400);
    const missing = await t.api.post(
      `${BASE}/00000000-0000-4000-8000-000000000000/approve`,
      {},
      checker.token,
    );
    expect(missing.status).toBe(404);
  });

  it("imports NSE's file as proposals, listing the rows it cannot read", async () => {
    const text = [
      'SYMBOL,COMPANY NAME,SERIES,PURPOSE,FACE VALUE,EX-DATE,RECORD DATE,BC START DATE,BC END DATE',
      'HDFCBANK,HDFC Bank Limited,EQ,Bonus 1:1,1,27-Aug-2025,27-Aug-2025,-,-',
      'WIPRO,Wipro Limited,EQ,Buy Back,2,31-Oct-2024,31-Oct-2024,-,-',
    ].join('\n');
    const reply = await t.api.post<{ added: number; rejected: unknown[] }>(
      `${BASE}/import`,
      { text },
      maker.token,
    );
    expect(reply.body.data).toMatchObject({
      added: 1,
      rejected: [expect.objectContaining({ symbol: 'WIPRO' })],
    });
    const list = await t.api.get<{ items: TCorporateAction[] }>(BASE, checker.token);
    expect(list.body.data.items.find((i) => i.symbol === 'HDFCBANK')).toMatchObject({
      status: 'proposed',
      source: 'nse_file',
    });
  });
});
