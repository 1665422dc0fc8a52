/**
 * Compensation claims over real HTTP on PostgreSQL: the whole lifecycle with evidence and
 * maker-checker, payment once through the ledger, refusals that change nothing, another
 * client's claim and images (404), the flag (403, yet an open claim stays visible), and the
 * races: one claim paid twice at once, two officers deciding at once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CPM,
  EVIDENCE_HINT,
  MAX_EVIDENCE_IMAGES,
  type TApplicationList,
  type TClaimDetail,
  type TClaimList,
  LM,
  type TFundRecord,
} from '@sampada/shared';
import { runCommand } from '../../cli/program.ts';
import {
  buildTestApp,
  signInStaff,
  signUpClient,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { formWith } from '../../test/images.ts';
import { balancesOf, openDeposits } from '../funds/test-fixtures.ts';
import { placed, runMarket, trader } from '../trading/test-fixtures.ts';
import {
  applyClaim,
  claimant,
  claimed,
  CONSOLE,
  decide,
  evidence,
  setFlags,
} from './test-fixtures.ts';
import { noticeOf } from '../notifications/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ops1: SignedInStaff;
let ops2: SignedInStaff;
let support: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  ops1 = await signInStaff(t, 'operations');
  ops2 = await signInStaff(t, 'operations');
  support = await signInStaff(t, 'support');
});
afterAll(async () => t?.close());

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
const claimCount = async (clientId: string) =>
  (
    await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from compensation_claims where client_id = '${clientId}'`,
    )
  )[0]!.n;

describe('the lifecycle', () => {
  it('claim with two images → info asked → answered → approved by two officers → paid once', async () => {
    const c = await claimant(t);
    const images = [await evidence(t, c), await evidence(t, c)];
    const claim = await claimed(t, c, { amount_paise: 7_500_000, evidence: images });
    expect(claim.status).toBe('submitted');
    expect(claim.reference).toMatch(/^CMP-\d{4}-\d{6}$/);
    const due = new Date(claim.created_at);
    expect(
      Math.round(
        (Date.parse(claim.decision_due) - Date.parse(due.toISOString().slice(0, 10))) / 86_400_000,
      ),
    ).toBeGreaterThanOrEqual(21);
    expect(claim.evidence).toHaveLength(2);
    expect(claim.events[0]!.images).toHaveLength(2);
    // Above the threshold from the start: "0 of 2", not "0 of 1" then "1 of 2" (issue 31).
    expect(claim.approvals_required).toBe(2);
    // The evidence links serve the re-encoded JPEG.
    const image = await fetch(claim.evidence[0]!);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    const asked = await decide(t, ops1, claim.id, 'ask-info', {
      question: 'Send the contract note of the sell.',
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.status).toBe('info_requested');

    const answer = await t.api.post<TClaimDetail>(
      `/compensation/app/v1/${claim.id}/reply`,
      { message: 'Contract note attached.', evidence: [await evidence(t, c)] },
      c.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('under_review');
    expect(answer.body.data.evidence).toHaveLength(3);

    // ₹75,000 is above the ₹50,000 threshold: two officers.
    const first = await decide(t, ops1, claim.id, 'approve', { reason: 'Charged twice.' });
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('under_review');
    expect(first.body.data.approvals).toBe(1);
    const same = await decide(t, ops1, claim.id, 'approve', { reason: 'Again.' });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(CPM.secondApprovalSameOfficer);
    const second = await decide(t, ops2, claim.id, 'approve', { reason: 'Agreed.' });
    expect(second.status).toBe(200);
    expect(second.body.data.status).toBe('approved');
    expect(second.body.data.approved_by).toHaveLength(2);

    const before = (await balancesOf(t, c.id)).cash_available;
    const [paid, again] = await Promise.all([
      decide(t, ops1, claim.id, 'pay'),
      decide(t, ops2, claim.id, 'pay'),
    ]);
    expect([paid.status, again.status].sort()).toEqual([200, 409]);
    expect((await balancesOf(t, c.id)).cash_available).toBe(before + 7_500_000n);
    const postings = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from ledger_postings where reference = 'compensation:${claim.id}'`,
    );
    expect(postings[0]!.n).toBe(1);
    // Paid once, told once, with the amount.
    const told = (await noticeOf(t, c, claim.id)).filter((n) => n.kind === 'compensation.pay');
    expect(told).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ amount_paise: 7_500_000 }) }),
    ]);

    const apps = await t.api.get<TApplicationList>(
      '/client/app/v1/applications?kind=compensation',
      c.token,
    );
    const entry = apps.body.data.items.find((a) => a.id === claim.id)!;
    expect(entry.status).toBe('paid');
    expect(entry.reference).toBe(claim.reference);
    expect(entry.timeline.map((s) => s.label)).toContain('Contract note attached.');
    const records = await t.api.get<{ items: TFundRecord[] }>(
      '/funds/app/v1/records?type=compensation',
      c.token,
    );
    expect(records.status).toBe(200);
    expect(records.body.data.items.some((r) => r.amount_paise === 7_500_000)).toBe(true);
    await ledgerOk();
  });

  it('a partial approval pays the approved amount; a rejection keeps its reason', async () => {
    const c = await claimant(t);
    const claim = await claimed(t, c, { amount_paise: 400_000 });
    const part = await decide(t, ops1, claim.id, 'approve', {
      amount_paise: 150_000,
      reason: 'Only the second charge was wrong.',
    });
    expect(part.body.data.status).toBe('partly_approved');
    expect((await decide(t, ops2, claim.id, 'pay')).status).toBe(200);
    expect((await balancesOf(t, c.id)).cash_available).toBe(150_000n);

    const other = await claimed(t, c);
    const rejected = await decide(t, ops1, other.id, 'reject', { reason: 'Charge was correct.' });
    expect(rejected.body.data.status).toBe('rejected');
    const mine = await t.api.get<TClaimDetail>(`/compensation/app/v1/${other.id}`, c.token);
    expect(mine.body.data.reason).toBe('Charge was correct.');
    expect((await decide(t, ops1, other.id, 'pay')).status).toBe(409);
  });

  it('the client withdraws before a decision, not after', async () => {
    const c = await claimant(t);
    const claim = await claimed(t, c);
    const gone = await t.api.post<TClaimDetail>(
      `/compensation/app/v1/${claim.id}/withdraw`,
      {},
      c.token,
    );
    expect(gone.body.data.status).toBe('withdrawn');
    const decided = await claimed(t, c);
    await decide(t, ops1, decided.id, 'reject', { reason: 'No loss.' });
    const late = await t.api.post(`/compensation/app/v1/${decided.id}/withdraw`, {}, c.token);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(CPM.cannotWithdraw);
  });

  it('the operator CLI lists, approves and pays', async () => {
    const c = await claimant(t);
    const claim = await claimed(t, c, { amount_paise: 100_000 });
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    await runCommand(t.ctx, ['compensation', 'list'], io);
    expect(out.join('\n')).toContain(claim.reference);
    await runCommand(
      t.ctx,
      ['compensation', 'approve', '--id', claim.id, '--as', ops1.email, '--reason', 'Valid.'],
      io,
    );
    await runCommand(t.ctx, ['compensation', 'pay', '--id', claim.id, '--as', ops2.email], io);
    expect(out.slice(-2)).toEqual(['approved', 'paid']);
    expect((await balancesOf(t, c.id)).cash_available).toBe(100_000n);
  });
});

describe('refusals change nothing', () => {
  it('bad amounts, the cap, foreign records, too many images, non-images: 400', async () => {
    const c = await claimant(t);
    const other = await trader(t);
    await runMarket(t, 2);
    const foreignOrder = await placed(t, other, {
      type: 'market',
      symbol: 'INFY',
      side: 'buy',
      quantity: 20,
    });
    const otherImage = await evidence(t, other);
    const kycImage = await evidence(t, c, 'kyc');
    const base = { category: 'trade_error' as const, description: 'Order filled late.' };
    const cases: [object, string][] = [
      [{ ...base, amount_paise: 0 }, LM.amountPositive],
      [{ ...base, amount_paise: -5 }, LM.amountPositive],
      [{ ...base, amount_paise: 100_000_001 }, CPM.amountAboveCap(100_000_000)],
      [
        { ...base, amount_paise: 1000, related: { kind: 'order', id: foreignOrder.id } },
        CPM.relatedNotYours,
      ],
      [
        {
          ...base,
          amount_paise: 1000,
          related: { kind: 'deposit', id: '00000000-0000-4000-8000-000000000001' },
        },
        CPM.relatedNotYours,
      ],
      [{ ...base, amount_paise: 1000, evidence: [otherImage] }, CPM.imageNotYours],
      [{ ...base, amount_paise: 1000, evidence: [kycImage] }, CPM.imageNotYours],
      [
        {
          ...base,
          amount_paise: 1000,
          evidence: Array.from(
            { length: MAX_EVIDENCE_IMAGES + 1 },
            (_, i) => `${otherImage}&n=${i}`,
          ),
        },
        CPM.tooManyImages(),
      ],
      [{ ...base, amount_paise: 1000, description: ' ' }, CPM.descriptionRequired],
    ];
    for (const [body, message] of cases) {
      const reply = await applyClaim(t, c, body as never);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(message);
    }
    const notImage = await t.api.upload(
      '/client/app/v1/image?purpose=evidence',
      formWith(Buffer.from('%PDF-1.4 not an image'), 'a.png', 'image/png'),
      c.token,
    );
    expect(notImage.status).toBe(400);
    expect(await claimCount(c.id)).toBe(0);
    expect(EVIDENCE_HINT(MAX_EVIDENCE_IMAGES)).toBe('Supported: JPG, PNG. Max 10 images.');
  });

  it('a claim about the client’s own order is accepted with its label', async () => {
    const c = await claimant(t);
    const shopper = await trader(t);
    await setFlags(t, shopper.id, { allow_compensation: true });
    const order = await placed(t, shopper, {
      type: 'market',
      symbol: 'INFY',
      side: 'buy',
      quantity: 20,
    });
    const claim = await claimed(t, shopper, { related: { kind: 'order', id: order.id } });
    expect(claim.related?.label).toBe('Order BUY 20 INFY');
    expect(await claimCount(c.id)).toBe(0);
  });

  it('flag off: 403 to apply and to a client with no claims; an open claim stays visible', async () => {
    const never = await claimant(t, { allow: false });
    const apply = await applyClaim(t, never, {
      category: 'other',
      amount_paise: 1000,
      description: 'x',
    });
    expect(apply.status).toBe(403);
    expect(apply.body.message).toBe(CPM.notAllowed);
    expect((await t.api.get('/compensation/app/v1/list', never.token)).status).toBe(403);

    const had = await claimant(t);
    const claim = await claimed(t, had);
    await setFlags(t, had.id, { allow_compensation: false });
    const list = await t.api.get<TClaimList>('/compensation/app/v1/list', had.token);
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((i) => i.id)).toEqual([claim.id]);
    expect((await t.api.get(`/compensation/app/v1/${claim.id}`, had.token)).status).toBe(200);
    const again = await applyClaim(t, had, {
      category: 'other',
      amount_paise: 1,
      description: 'y',
    });
    expect(again.status).toBe(403);
  });
});

describe('KYC', () => {
  it('a client whose KYC is pending cannot file a claim, even with the flag on (403)', async () => {
    const c = await signUpClient(t);
    await sqlRows(t, `update clients set kyc_status = 'pending' where id = '${c.id}'`);
    await setFlags(t, c.id, { allow_compensation: true });
    const reply = await applyClaim(t, c as never, {
      category: 'wrong_charge',
      amount_paise: 5_000,
      description: 'Charged twice.',
    });
    expect([reply.status, reply.body.message]).toEqual([403, CPM.kycRequired]);
    expect(await claimCount(c.id)).toBe(0);
  });
});

describe('only one’s own', () => {
  it('another client’s claim, its images and its replies: 404; applications show only one’s own', async () => {
    const owner = await claimant(t);
    const thief = await claimant(t);
    const claim = await claimed(t, owner, { evidence: [await evidence(t, owner)] });
    const read = await t.api.get(`/compensation/app/v1/${claim.id}`, thief.token);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe(CPM.claimNotFound);
    await decide(t, ops1, claim.id, 'ask-info', { question: 'More?' });
    const reply = await t.api.post(
      `/compensation/app/v1/${claim.id}/reply`,
      { message: 'mine now' },
      thief.token,
    );
    expect(reply.status).toBe(404);
    expect(
      (await t.api.post(`/compensation/app/v1/${claim.id}/withdraw`, {}, thief.token)).status,
    ).toBe(404);
    // The owner's evidence used in a thief's claim is refused.
    const stolen = await applyClaim(t, thief, {
      category: 'other',
      amount_paise: 1000,
      description: 'x',
      evidence: [claim.evidence[0]!],
    });
    expect(stolen.status).toBe(400);
    const apps = await t.api.get<TApplicationList>('/client/app/v1/applications', thief.token);
    expect(apps.body.data.items.some((a) => a.id === claim.id)).toBe(false);
  });

  it('support reads the queue but may not decide', async () => {
    const c = await claimant(t);
    const claim = await claimed(t, c);
    const queue = await t.api.get<{ items: { id: string }[] }>(
      `${CONSOLE}/claims?status=open&limit=100`,
      support.token,
    );
    expect(queue.status).toBe(200);
    expect(queue.body.data.items.some((i) => i.id === claim.id)).toBe(true);
    expect((await decide(t, support, claim.id, 'approve', { reason: 'x' })).status).toBe(403);
  });
});

describe('races', () => {
  it('two officers deciding at once: one decision', async () => {
    for (let round = 0; round < 4; round++) {
      const c = await claimant(t);
      const claim = await claimed(t, c, { amount_paise: 100_000 });
      const [a, b] = await Promise.all([
        decide(t, ops1, claim.id, 'approve', { reason: 'ok' }),
        decide(t, ops2, claim.id, round % 2 ? 'reject' : 'approve', { reason: 'no' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const audits = await sqlRows<{ n: number }>(
        t,
        `select count(*)::int as n from audit_log where subject_id = '${claim.id}' and action in ('compensation.approve', 'compensation.reject')`,
      );
      expect(audits[0]!.n).toBe(1);
    }
  });

  it('one claim paid ten times at once: one credit', async () => {
    const c = await claimant(t);
    const claim = await claimed(t, c, { amount_paise: 200_000 });
    await decide(t, ops1, claim.id, 'approve', { reason: 'ok' });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => decide(t, i % 2 ? ops1 : ops2, claim.id, 'pay')),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await balancesOf(t, c.id)).cash_available).toBe(200_000n);
    await ledgerOk();
  });
});
