/**
 * Items of issue 21's reliability catalogue written to the issue's exact wording (sizes,
 * counts, assertions), over real HTTP on real PostgreSQL. The other items live beside their
 * feature; docs/reliability.md maps every item to its test and the figure it measured.
 */
import fc from 'fast-check';
import { SignJWT } from 'jose';
import {
  ApiMessage,
  FM,
  md5,
  type TAuthData,
  type TDepositView,
  type TWithdrawalView,
} from '@sampada/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../platform/clock.ts';
import { secretVerifications } from '../platform/crypto.ts';
import {
  addCard,
  balancesOf,
  fund,
  keyed,
  moneyClient,
  type MoneyClient,
  newKey,
  nextUtr,
  openDeposits,
} from '../modules/funds/test-fixtures.ts';
import {
  buildTestApp,
  issueInvite,
  nextMobile,
  signInStaff,
  type SignedInStaff,
  signUpClient,
  sqlRows,
  type TestApp,
} from '../test/helpers.ts';

const JWT_SECRET = 'catalogue-test-signing-key-'.padEnd(48, 'k');
let t: TestApp;
let ops: SignedInStaff;
let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { JWT_SECRET } });
  await openDeposits(t);
  ops = await signInStaff(t, 'operations');
  // The real limits (RATE_LIMIT_SCALE 1): sign-in allows 20 requests a minute from an address.
  direct = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  proxied = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
  await direct.close();
  await proxied.close();
});

const wrongSignIn = (app: TestApp, i: number, forwardedFor: string) =>
  app.api.raw('/auth/app/v1/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({
      username: `+9191000${String(i).padStart(5, '0')}`,
      password: md5('wrong-password'),
    }),
  });

describe('the reliability catalogue', () => {
  it('(14) ten concurrent refreshes with one token: at most one new session', async () => {
    const client = await signUpClient(direct);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        direct.api.post<TAuthData>('/auth/app/v1/refresh', undefined, client.auth.refresh_token),
      ),
    );
    // Tabs refreshing at once share one answer (decision 027's grace): at most one new session.
    const won = replies.filter((r) => r.status === 200);
    expect(new Set(won.map((r) => r.body.data.refresh_token)).size).toBeLessThanOrEqual(1);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 401)).toBe(true);
  });

  it('(22) a spoofed X-Forwarded-For does not escape the sign-in limit of a direct server', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await wrongSignIn(direct, i, `203.0.113.${i + 1}`)).status);
    expect(statuses.slice(0, 20).includes(429)).toBe(false);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('(22) behind a trusted proxy the limit follows the address the proxy reports', async () => {
    // Twenty-five people behind one balancer, each with their own address: none is limited…
    for (let i = 0; i < 25; i++)
      expect((await wrongSignIn(proxied, i, `198.51.100.${i + 1}`)).status).not.toBe(429);
    // …while one address past its twenty requests is.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await wrongSignIn(proxied, 100 + i, '192.0.2.7')).status);
    expect(statuses.slice(0, 20).includes(429)).toBe(false);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

// ---------- Money under races (items 1–4, 7) ----------

const withdraw = (c: MoneyClient, body: Record<string, unknown>, key = newKey()) =>
  t.api.post<TWithdrawalView>('/funds/app/v1/withdrawals', body, c.token, keyed(key));
const requestDeposit = (c: MoneyClient, body: Record<string, unknown>, key = newKey()) =>
  t.api.post<TDepositView>('/funds/app/v1/deposits', body, c.token, keyed(key));
const decide = (kind: 'deposits' | 'withdrawals', id: string, action: string, body = {}) =>
  t.api.post(`/console/api/v1/funds/${kind}/${id}/${action}`, body, ops.token, keyed());
const postingsOf = async (clientId: string, kind: string) =>
  (
    await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from ledger_postings where client_id = '${clientId}' and kind = '${kind}'`,
    )
  )[0]!.n;
async function expectLedgerOk() {
  const check = await t.ctx.ledger.check();
  expect(check.discrepancies).toEqual([]);
  expect(check.ok).toBe(true);
}

/** A client holding exactly `rupees` (a confirmed deposit of ₹20,000 less a paid withdrawal). */
async function clientHolding(rupees: number) {
  const c = await moneyClient(t);
  await fund(t, c, 20000);
  const card = await addCard(t, c);
  if (rupees < 20000) {
    const spent = await withdraw(c, { amount: 20000 - rupees, bank_card_id: card.id, pin: c.pin });
    expect(spent.status).toBe(200);
    expect((await decide('withdrawals', spent.body.data.id, 'pay', PAID)).status).toBe(200);
  }
  expect((await balancesOf(t, c.id)).cash_available).toBe(BigInt(rupees) * 100n);
  return { c, card };
}
const PAID = { bank_reference: 'SBINN52026112000777' };

describe('the reliability catalogue: money under races', () => {
  it('(1) 100 racing ₹100 withdrawals against ₹1,000: exactly 10 succeed, the balance ends at ₹0', async () => {
    const { c, card } = await clientHolding(1000);
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        withdraw(c, { amount: 100, bank_card_id: card.id, pin: c.pin }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(90);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.message}`))).toEqual(
      new Set([`400 ${FM.beyondBalance}`]),
    );
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 0n,
      cash_on_hold: 100_000n,
    });
    expect(await postingsOf(c.id, 'withdrawal_hold')).toBe(11); // the ten, and clientHolding's
    await expectLedgerOk();
  }, 60_000);

  it('(2) a fast-check model of mixed operations on one wallet, bursts included, over HTTP', async () => {
    const { c, card } = await clientHolding(20000);
    type Step =
      | { op: 'deposit'; rupees: number }
      | { op: 'confirm' | 'rejectDeposit' | 'cancelDeposit'; pick: number }
      | { op: 'withdraw'; paise: number }
      | { op: 'burst'; n: number; paise: number }
      | { op: 'pay' | 'rejectWithdrawal' | 'cancelWithdrawal'; pick: number };
    const pick = fc.nat(20);
    const paise = fc.integer({ min: 10_000, max: 2_500_000 });
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        op: fc.constant('deposit' as const),
        rupees: fc.integer({ min: 20000, max: 40000 }),
      }),
      fc.record({ op: fc.constantFrom('confirm', 'rejectDeposit', 'cancelDeposit'), pick }),
      fc.record({ op: fc.constant('withdraw' as const), paise }),
      fc.record({ op: fc.constant('burst' as const), n: fc.integer({ min: 2, max: 5 }), paise }),
      fc.record({ op: fc.constantFrom('pay', 'rejectWithdrawal', 'cancelWithdrawal'), pick }),
    );
    const rupeesText = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
    let steps = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (sequence) => {
        const start = await balancesOf(t, c.id);
        const model = { available: start.cash_available, held: start.cash_on_hold };
        const deposits: { id: string; paise: bigint }[] = [];
        const withdrawals: { id: string; paise: bigint }[] = [];
        const take = <T>(list: T[], i: number) =>
          list.length ? list.splice(i % list.length, 1)[0]! : null;
        for (const s of sequence) {
          steps++;
          switch (s.op) {
            case 'deposit': {
              const r = await requestDeposit(c, {
                amount: s.rupees,
                method: 'NEFT',
                utr: nextUtr(),
              });
              expect(r.status).toBe(200);
              deposits.push({ id: r.body.data.id, paise: BigInt(s.rupees) * 100n });
              break;
            }
            case 'confirm':
            case 'rejectDeposit':
            case 'cancelDeposit': {
              const d = take(deposits, s.pick);
              if (!d) break;
              const r =
                s.op === 'cancelDeposit'
                  ? await t.api.post(`/funds/app/v1/deposits/${d.id}/cancel`, {}, c.token, keyed())
                  : await decide(
                      'deposits',
                      d.id,
                      s.op === 'confirm' ? 'confirm' : 'reject',
                      s.op === 'confirm' ? {} : { reason: 'No credit seen' },
                    );
              expect([s.op, r.status]).toEqual([s.op, 200]);
              if (s.op === 'confirm') model.available += d.paise;
              break;
            }
            case 'withdraw':
            case 'burst': {
              const n = s.op === 'burst' ? s.n : 1;
              const amount = BigInt(s.paise);
              const replies = await Promise.all(
                Array.from({ length: n }, () =>
                  withdraw(c, { amount: rupeesText(s.paise), bank_card_id: card.id, pin: c.pin }),
                ),
              );
              const affordable = Number(model.available / amount);
              const won = replies.filter((r) => r.status === 200);
              expect(won).toHaveLength(Math.min(n, affordable));
              for (const r of replies.filter((x) => x.status !== 200))
                expect([r.status, r.body.message]).toEqual([400, FM.beyondBalance]);
              for (const r of won) withdrawals.push({ id: r.body.data.id, paise: amount });
              model.available -= BigInt(won.length) * amount;
              model.held += BigInt(won.length) * amount;
              break;
            }
            case 'pay':
            case 'rejectWithdrawal':
            case 'cancelWithdrawal': {
              const w = take(withdrawals, s.pick);
              if (!w) break;
              const r =
                s.op === 'cancelWithdrawal'
                  ? await t.api.post(
                      `/funds/app/v1/withdrawals/${w.id}/cancel`,
                      {},
                      c.token,
                      keyed(),
                    )
                  : s.op === 'pay'
                    ? await decide('withdrawals', w.id, 'pay', PAID)
                    : await decide('withdrawals', w.id, 'reject', { reason: 'Account frozen' });
              expect([s.op, r.status]).toEqual([s.op, 200]);
              model.held -= w.paise;
              if (s.op !== 'pay') model.available += w.paise;
              break;
            }
          }
          const now = await balancesOf(t, c.id);
          expect([now.cash_available, now.cash_on_hold]).toEqual([model.available, model.held]);
        }
        await expectLedgerOk();
      }),
      { numRuns: 15 },
    );
    console.info(`(2) ${steps} generated steps over HTTP matched the model`);
  }, 120_000);

  it('(3) 50 identical requests with one Idempotency-Key: one effect; the key with another body: 422', async () => {
    const { c, card } = await clientHolding(20000);
    const key = newKey();
    const body = { amount: 1000, bank_card_id: card.id, pin: c.pin };
    const replies = await Promise.all(Array.from({ length: 50 }, () => withdraw(c, body, key)));
    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200));
    for (const reply of replies) expect(reply.body).toEqual(replies[0]!.body);
    expect(await postingsOf(c.id, 'withdrawal_hold')).toBe(1);
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 1_900_000n,
      cash_on_hold: 100_000n,
    });

    const other = await withdraw(c, { ...body, amount: 2000 }, key);
    expect([other.status, other.body.message]).toEqual([422, FM.idempotencyKeyReused]);
    expect(await postingsOf(c.id, 'withdrawal_hold')).toBe(1);
    expect((await balancesOf(t, c.id)).cash_available).toBe(1_900_000n);
    await expectLedgerOk();
  }, 60_000);

  it('(4) 20 parallel approvals of one deposit: one transition, one credit', async () => {
    const c = await moneyClient(t);
    const deposit = (await requestDeposit(c, { amount: 20000, method: 'NEFT', utr: nextUtr() }))
      .body.data;
    const officers = [ops, await signInStaff(t, 'operations')];
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.api.post(
          `/console/api/v1/funds/deposits/${deposit.id}/confirm`,
          {},
          officers[i % 2]!.token,
          keyed(),
        ),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
    const moves = await sqlRows<{ action: string }>(
      t,
      `select action from audit_log where subject_id = '${deposit.id}' order by id`,
    );
    expect(moves.map((m) => m.action)).toEqual(['deposit.request', 'deposit.confirm']);
    expect(await postingsOf(c.id, 'deposit')).toBe(1);
    expect((await balancesOf(t, c.id)).cash_available).toBe(2_000_000n);
    await expectLedgerOk();
  });

  it('(7) amount fuzz: every generated bad amount is a 400 with a message, and nothing changes', async () => {
    const { c, card } = await clientHolding(20000);
    const before = await balancesOf(t, c.id);
    const rows = async () =>
      (
        await sqlRows<{ n: number }>(
          t,
          `select (select count(*) from deposits where client_id = '${c.id}')::int
                + (select count(*) from withdrawals where client_id = '${c.id}')::int as n`,
        )
      )[0]!.n;
    const rowsBefore = await rows();
    // Text that could read as a plain positive amount is left out; every shape below is wrong.
    const plain = /^\+?\d*\.?\d*$/;
    const badText = fc
      .string({ unit: 'binary', maxLength: 24 })
      .filter((s) => !plain.test(s.trim()));
    const bad = fc.oneof(
      badText,
      fc.integer({ min: -1_000_000_000, max: -1 }),
      fc.integer({ min: -1_000_000_000, max: -1 }).map(String),
      fc.constantFrom(0, '0', '0.00', '-0', '00', NaN, Infinity, true, false, null, [], {}, [100]),
      fc.double({ noNaN: true, min: -1e300, max: 1e300 }).filter((x) => !Number.isInteger(x * 100)),
      fc
        .tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 1, max: 999 }))
        .map(([w, f]) => `${w}.${String(f).padStart(3, '0')}`), // three decimals
      fc.bigInt({ min: 1_000_000_001n, max: 10n ** 30n }).map(String), // past the maximum
      fc.integer({ min: 1, max: 99 }), // below the ₹100 minimum of a withdrawal
    );
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(bad, fc.boolean(), async (amount, asDeposit) => {
        tried++;
        const reply = asDeposit
          ? await requestDeposit(c, { amount, method: 'NEFT', utr: nextUtr() })
          : await withdraw(c, { amount, bank_card_id: card.id, pin: c.pin });
        expect(reply.status).toBe(400);
        expect(reply.body.message).toMatch(/\w/);
      }),
      { numRuns: 200 },
    );
    expect(tried).toBe(200);
    expect(await balancesOf(t, c.id)).toEqual(before);
    expect(await rows()).toBe(rowsBefore);
  }, 60_000);
});

// ---------- Sign-in, PIN, tokens and sign-up (items 12, 13, 15, 17) ----------

describe('the reliability catalogue: identity', () => {
  it('(12) sign-in limits per mobile and per IP; known and unknown mobiles get equal answers', async () => {
    // An app of its own: the per-address limit it reaches would hold back the other tests.
    const own = await buildTestApp();
    try {
      const login = async (username: string, password: string) => {
        const r = await own.api.post('/auth/app/v1/login', { username, password: md5(password) });
        return `${r.status} ${r.body.message} ${JSON.stringify(r.body.data)}`;
      };
      const known = await signUpClient(own);
      const unknown = `+91${nextMobile()}`;
      const wrong = `400 ${ApiMessage.badCredentials} null`;
      const blocked = `429 ${ApiMessage.tooManySignIns} null`;
      // Per mobile: five wrong passwords, then blocked (even the right password), the same
      // for a mobile that has no account, so the answers tell nothing about who is a client.
      for (let i = 0; i < 5; i++) {
        expect(await login(`+91${known.mobile}`, 'wrong')).toBe(wrong);
        expect(await login(unknown, 'wrong')).toBe(wrong);
      }
      expect(await login(`+91${known.mobile}`, known.password)).toBe(blocked);
      expect(await login(unknown, 'wrong')).toBe(blocked);
      // Another client at the same address still signs in: that limit was the mobile's.
      const other = await signUpClient(own);
      expect((await login(`+91${other.mobile}`, other.password)).slice(0, 3)).toBe('200');
      // Per address: 30 failures across many mobiles, and every mobile is refused from it.
      own.clock.advance(16 * MINUTE);
      for (let i = 0; i < 30; i++) await login(`+91${nextMobile()}`, 'wrong');
      expect(await login(`+91${other.mobile}`, other.password)).toBe(blocked);
      expect(await login(`+91${nextMobile()}`, 'wrong')).toBe(blocked);
      own.clock.advance(16 * MINUTE);
      expect((await login(`+91${other.mobile}`, other.password)).slice(0, 3)).toBe('200');
    } finally {
      await own.close();
    }
  }, 60_000);

  it('(13) 50 parallel wrong PINs: at most 5 evaluated, the others refused before the hash', async () => {
    const c = await moneyClient(t);
    const hashedBefore = secretVerifications();
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.api.post('/client/app/v1/pin/verify', { pin: md5(String(100000 + i)) }, c.token),
      ),
    );
    const evaluated = secretVerifications() - hashedBefore;
    expect(evaluated).toBeGreaterThanOrEqual(1);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(guesses.filter((g) => g.status === 400).length).toBeLessThanOrEqual(4);
    expect(guesses.filter((g) => g.status === 429).length).toBeGreaterThanOrEqual(46);
    expect(guesses.every((g) => g.status === 400 || g.status === 429)).toBe(true);
    // Locked: the right PIN is refused too, without a hash.
    const right = await t.api.post('/client/app/v1/pin/verify', { pin: c.pin }, c.token);
    expect([right.status, right.body.message]).toEqual([429, ApiMessage.pinLocked]);
    expect(secretVerifications() - hashedBefore).toBe(evaluated);
    console.info(`(13) 50 parallel wrong PINs: ${evaluated} evaluated`);
  });

  it('(15) tampered, alg:none, wrong-key and expired tokens: 401', async () => {
    const client = await signUpClient(t);
    const victim = await signUpClient(t);
    const info = (token: string) => t.api.get('/auth/app/v1/client_info', token);
    expect((await info(client.token)).status).toBe(200);
    const [header, payload, signature] = client.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const sign = (body: Record<string, unknown>, key: string, alg = 'HS256') =>
      new SignJWT(body).setProtectedHeader({ alg }).sign(new TextEncoder().encode(key));
    // The server's clock (a manual one in tests) decides what is expired.
    const now = Math.floor(t.clock.now().getTime() / 1000);

    const tampered = `${header}.${encode({ ...claims, sub: victim.id })}.${signature}`;
    const algNone = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const algNoneSigned = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`;
    const wrongKey = await sign(claims, 'another-deployments-key'.padEnd(48, 'x'));
    const otherAlg = await sign(claims, JWT_SECRET, 'HS512');
    const expired = await sign({ ...claims, iat: now - 3600, exp: now - 60 }, JWT_SECRET);
    // The control: the right key and fresh claims are accepted, so the refusals are the flaw's.
    const honest = await sign({ ...claims, iat: now, exp: now + 600 }, JWT_SECRET);
    expect((await info(honest)).status).toBe(200);

    for (const [name, token] of Object.entries({
      tampered,
      algNone,
      algNoneSigned,
      wrongKey,
      otherAlg,
      expired,
    })) {
      const reply = await info(token);
      expect([name, reply.status, reply.body.data]).toEqual([name, 401, null]);
      expect([ApiMessage.tokenInvalid, ApiMessage.tokenExpired]).toContain(reply.body.message);
    }
    expect((await info(expired)).body.message).toBe(ApiMessage.tokenExpired);
  });

  it('(17) 50 sign-ups racing for one single-use code: exactly 1 account', async () => {
    const code = await issueInvite(t);
    const mobiles = Array.from({ length: 50 }, () => `+91${nextMobile()}`);
    const replies = await Promise.all(
      mobiles.map((username) =>
        t.api.post('/auth/app/v1/register', {
          username,
          password: md5('secret123'),
          invite_code: code,
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = replies.filter((r) => r.status !== 200);
    expect(new Set(losers.map((r) => `${r.status} ${r.body.message}`))).toEqual(
      new Set([`400 ${ApiMessage.inviteUsed}`]),
    );
    const made = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from clients where mobile in (${mobiles.map((m) => `'${m}'`).join(',')})`,
    );
    expect(made[0]!.n).toBe(1);
  }, 60_000);
});
