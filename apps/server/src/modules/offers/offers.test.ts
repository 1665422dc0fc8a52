/**
 * Offers and bonuses on real PostgreSQL: the budget holds under 200 claims at once (service
 * level) and 20 at once over HTTP; a bonus is claimed once, inside its validity, by its
 * audience, with allow_bonus; it posts from the firm's promotions account and shows in fund
 * records and applications; refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  M,
  OM,
  type TApplicationList,
  type TClientNotifications,
  type TConsoleOffer,
  type TConsoleOfferClaim,
  type TFundRecord,
  type TOfferClaim,
  type TOfferInput,
  type TOfferList,
} from '@sampada/shared';
import {
  buildTestApp,
  ensureAdvisor,
  signInStaff,
  signUpClient,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { formWith, pngImage } from '../../test/images.ts';
import { setFlags } from '../compensation/test-fixtures.ts';
import {
  balancesOf,
  keyed,
  type MoneyClient,
  moneyClient,
  system,
} from '../funds/test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let t: TestApp;
let ops: SignedInStaff;
beforeAll(async () => {
  // 200 claims at once queue for the pool's 10 connections longer than the shipped wait.
  t = await buildTestApp({ env: { DB_CONNECT_TIMEOUT_MS: '60000' } });
  ops = await signInStaff(t, 'operations');
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);

async function publish(input: Partial<TOfferInput> = {}): Promise<TConsoleOffer> {
  const now = t.clock.now().getTime();
  const reply = await t.api.post<TConsoleOffer>(
    '/console/api/v1/offers',
    {
      title: 'Welcome bonus',
      body: 'A thank-you for trading with us.',
      kind: 'bonus',
      bonus_kind: 'fixed',
      amount_paise: 10_000,
      budget_paise: 1_000_000,
      valid_from: new Date(now - HOUR).toISOString(),
      valid_until: new Date(now + 24 * HOUR).toISOString(),
      status: 'published',
      ...input,
    },
    ops.token,
  );
  if (reply.status !== 200) throw new Error(`publish refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

async function bonusClient(options: { allow?: boolean } = {}): Promise<MoneyClient> {
  const client = await moneyClient(t);
  if (options.allow !== false) await setFlags(t, client.id, { allow_bonus: true });
  return client;
}

const claim = (client: MoneyClient, offerId: string) =>
  t.api.post<TOfferClaim>(`/offer/app/v1/${offerId}/claim`, undefined, client.token, keyed());

describe('claiming', () => {
  it('a bonus claimed from the list credits cash once, in fund records and applications', async () => {
    const offer = await publish();
    const c = await bonusClient();
    const list = await t.api.get<TOfferList>('/offer/app/v1/list', c.token);
    const listed = list.body.data.items.find((o) => o.id === offer.id)!;
    expect(listed.claimable).toBe(true);
    const reply = await claim(c, offer.id);
    expect(reply.status).toBe(200);
    expect(reply.body.data.amount_paise).toBe(10_000);
    expect((await balancesOf(t, c.id)).cash_available).toBe(10_000n);
    const again = await claim(c, offer.id);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(OM.alreadyClaimed);
    expect((await balancesOf(t, c.id)).cash_available).toBe(10_000n);

    const after = await t.api.get<TOfferList>('/offer/app/v1/list', c.token);
    const mine = after.body.data.items.find((o) => o.id === offer.id)!;
    expect(mine.claimable).toBe(false);
    expect(mine.claimed?.amount_paise).toBe(10_000);
    const records = await t.api.get<{ items: TFundRecord[] }>(
      '/funds/app/v1/records?type=bonus',
      c.token,
    );
    expect(records.body.data.items.map((r) => r.amount_paise)).toEqual([10_000]);
    const apps = await t.api.get<TApplicationList>(
      '/client/app/v1/applications?kind=bonus',
      c.token,
    );
    expect(apps.body.data.items).toHaveLength(1);
    expect(apps.body.data.items[0]!.title).toBe('Bonus: Welcome bonus');
    const console = await t.api.get<TConsoleOfferClaim[]>(
      `/console/api/v1/offers/${offer.id}/claims`,
      ops.token,
    );
    expect(console.body.data.map((x) => x.client.id)).toEqual([c.id]);
    await ledgerOk();
  });

  it('a credited bonus is a notice in the client’s bell, written with the credit; a refused claim writes none', async () => {
    const offer = await publish();
    const c = await bonusClient();
    const bonusNotices = async () =>
      (
        await t.api.get<TClientNotifications>('/client/app/v1/notifications', c.token)
      ).body.data.items.filter((n) => n.kind === 'offer.claim');
    const claimed = await claim(c, offer.id);
    expect(claimed.status).toBe(200);
    expect(await bonusNotices()).toEqual([
      expect.objectContaining({
        subject_type: 'offer_claim',
        subject_id: claimed.body.data.id,
        read_at: null,
      }),
    ]);
    // Claimed again: refused, and still one notice.
    expect((await claim(c, offer.id)).status).toBe(400);
    expect(await bonusNotices()).toHaveLength(1);
  });

  it('a client whose KYC is pending is paid no bonus, even with the flag on (403)', async () => {
    const offer = await publish();
    const c = await signUpClient(t);
    await sqlRows(t, `update clients set kyc_status = 'pending' where id = '${c.id}'`);
    await setFlags(t, c.id, { allow_bonus: true });
    const reply = await claim(c as never, offer.id);
    expect([reply.status, reply.body.message]).toEqual([403, OM.kycRequired]);
    expect((await balancesOf(t, c.id)).cash_available).toBe(0n);
    await ledgerOk();
  });

  it('refusals: info offer, not started, ended, VIP audience, exhausted, flag off', async () => {
    const c = await bonusClient();
    const now = t.clock.now().getTime();
    const info = await publish({ kind: 'info', bonus_kind: null });
    const later = await publish({
      valid_from: new Date(now + HOUR).toISOString(),
      valid_until: new Date(now + 2 * HOUR).toISOString(),
    });
    const ended = await publish({
      valid_from: new Date(now - 2 * HOUR).toISOString(),
      valid_until: new Date(now - HOUR).toISOString(),
    });
    const vip = await publish({ min_vip: 3 });
    const tiny = await publish({ budget_paise: 5_000 });
    const cases: [string, string][] = [
      [info.id, OM.notABonus],
      [later.id, OM.notStarted],
      [ended.id, OM.expired],
      [vip.id, OM.notForYou],
      [tiny.id, OM.exhausted],
    ];
    for (const [id, message] of cases) {
      const reply = await claim(c, id);
      expect(reply.status, message).toBe(400);
      expect(reply.body.message).toBe(message);
    }
    const draft = await publish({ status: 'draft' });
    expect((await claim(c, draft.id)).status).toBe(404);
    const off = await bonusClient({ allow: false });
    const forbidden = await claim(off, info.id);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(OM.notAllowed);
    expect((await t.api.get('/offer/app/v1/list', off.token)).status).toBe(403);
    expect((await balancesOf(t, c.id)).cash_available).toBe(0n);
    const list = await t.api.get<TOfferList>('/offer/app/v1/list', c.token);
    const ids = list.body.data.items.map((o) => o.id);
    expect(ids).not.toContain(vip.id);
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(draft.id);
  });

  it('the editor refuses a budget below what was claimed', async () => {
    const offer = await publish({ budget_paise: 100_000 });
    await claim(await bonusClient(), offer.id);
    const now = t.clock.now().getTime();
    const reply = await t.api.put(
      `/console/api/v1/offers/${offer.id}`,
      {
        title: offer.title,
        body: offer.body,
        kind: 'bonus',
        bonus_kind: 'fixed',
        amount_paise: 10_000,
        budget_paise: 5_000,
        valid_from: new Date(now - HOUR).toISOString(),
        valid_until: new Date(now + HOUR).toISOString(),
        status: 'published',
      },
      ops.token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(OM.budgetBelowUsed);
  });
});

describe('the offer picture', () => {
  const IMAGE = (id: string) => `/console/api/v1/offers/${id}/image`;

  it('an image is re-encoded and public; a replacement deletes the old file; remove clears it', async () => {
    const offer = await publish({ kind: 'info', bonus_kind: null });
    const first = await t.api.upload<TConsoleOffer>(
      IMAGE(offer.id),
      formWith(await pngImage(800, 450), 'banner.png', 'image/png'),
      ops.token,
    );
    expect(first.status).toBe(200);
    const firstUrl = first.body.data.image_url!;
    expect(firstUrl).toMatch(/^\/files\/offers\/[0-9a-f-]{36}\.jpg$/);
    const served = await t.api.raw(firstUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    const second = await t.api.upload<TConsoleOffer>(
      IMAGE(offer.id),
      formWith(await pngImage(640, 400), 'banner-2.png', 'image/png'),
      ops.token,
    );
    const secondUrl = second.body.data.image_url!;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await t.api.raw(firstUrl)).status).toBe(404);
    expect((await t.api.raw(secondUrl)).status).toBe(200);

    const removed = await t.api.post<TConsoleOffer>(`${IMAGE(offer.id)}/remove`, {}, ops.token);
    expect(removed.status).toBe(200);
    expect(removed.body.data.image_url).toBeNull();
    expect((await t.api.raw(secondUrl)).status).toBe(404);
    const actions = await sqlRows<{ action: string }>(
      t,
      `select action from audit_log where subject_id = '${offer.id}' order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'offer.create',
      'offer.image',
      'offer.image',
      'offer.image_remove',
    ]);
  });

  it('judges by content: a renamed text file is refused and the offer keeps no picture', async () => {
    const offer = await publish({ kind: 'info', bonus_kind: null });
    const reply = await t.api.upload(
      IMAGE(offer.id),
      formWith(Buffer.from('not an image at all'), 'photo.png', 'image/png'),
      ops.token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(M.onlyImages);
    const after = await t.api.get<TConsoleOffer>(`/console/api/v1/offers/${offer.id}`, ops.token);
    expect(after.body.data.image_url).toBeNull();
  });
});

describe('the budget under races', () => {
  it('200 claims at once with budget for 50: exactly 50 credited', async () => {
    const offer = await publish({ amount_paise: 2_000, budget_paise: 100_000 });
    // 200 clients written directly (signing up 200 through the API would only test argon2).
    const advisor = await ensureAdvisor(t);
    await t.ctx.db.execute(
      `insert into clients (uid, mobile, password_hash, kyc_status, allow_bonus, advisor_id)
       select (80000000 + g)::text, '+9170000' || lpad(g::text, 5, '0'), 'x', 'approved', true, '${advisor.id}'
       from generate_series(1, 200) g`,
    );
    const rows = await sqlRows<{ id: string }>(
      t,
      `select id from clients where mobile like '+9170000%' order by mobile`,
    );
    const people = await Promise.all(rows.map((r) => t.ctx.clients.byId(r.id)));
    const results = await Promise.allSettled(
      people.map((p) => t.ctx.offers.claim(p, offer.id, { actor: system })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(50);
    const reasons = new Set(
      results
        .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        .map((r) => (r.reason as Error).message),
    );
    expect([...reasons]).toEqual([OM.exhausted]);
    const [row] = await sqlRows<{ used: string; claims: number; credited: string }>(
      t,
      `select o.budget_used_paise as used, o.claims,
              (select coalesce(sum(amount_paise), 0) from offer_claims where offer_id = o.id)::text as credited
       from offers o where o.id = '${offer.id}'`,
    );
    expect(row).toEqual({ used: '100000', claims: 50, credited: '100000' });
    const [cash] = await sqlRows<{ total: string }>(
      t,
      `select coalesce(sum(l.amount), 0)::text as total from ledger_lines l
       join ledger_postings p on p.id = l.posting_id
       join ledger_accounts a on a.id = l.account_id
       where p.reference = 'offer:${offer.id}' and a.client_id is not null`,
    );
    expect(cash!.total).toBe('100000');
    await ledgerOk();
  });

  it('20 claims at once over HTTP with budget for 5: exactly 5', async () => {
    const offer = await publish({ amount_paise: 1_000, budget_paise: 5_000 });
    const people = await Promise.all(Array.from({ length: 20 }, () => bonusClient()));
    const replies = await Promise.all(people.map((p) => claim(p, offer.id)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    expect(new Set(replies.filter((r) => r.status !== 200).map((r) => r.body.message))).toEqual(
      new Set([OM.exhausted]),
    );
    const one = people[0]!;
    // One client claiming twice at once: one claim.
    const offer2 = await publish({ amount_paise: 1_000, budget_paise: 100_000 });
    const twice = await Promise.all([claim(one, offer2.id), claim(one, offer2.id)]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 400]);
    await ledgerOk();
  });
});
