/** Bank cards over real HTTP: KYC name match, PIN with lockout, five at most, encrypted, masked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessage, FM, FUNDS_DONE, MAX_BANK_CARDS, type TBankCard } from '@sampada/shared';
import { buildTestApp, signUpClient, sqlRows, type TestApp } from '../../test/helpers.ts';
import { addCard, KYC_NAME, moneyClient, type MoneyClient, signInAgain } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const add = (c: { token: string }, body: Record<string, unknown>) =>
  t.api.post<TBankCard>('/funds/app/v1/bank-cards', body, c.token);
const valid = (c: MoneyClient, overrides: Record<string, unknown> = {}) => ({
  holder_name: KYC_NAME,
  account_number: '001234567890',
  ifsc: 'HDFC0001234',
  pin: c.pin,
  ...overrides,
});

describe('adding a bank card', () => {
  it('saves it masked, with the bank named from the IFSC, the number encrypted at rest', async () => {
    const c = await moneyClient(t);
    const reply = await add(c, valid(c, { holder_name: '  ananya   IYER ', ifsc: 'hdfc0001234' }));
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(FUNDS_DONE.bankCardAdded);
    expect(reply.body.data).toMatchObject({
      holder_name: 'ananya IYER',
      account_number: 'XXXXXX7890',
      account_last4: '7890',
      ifsc: 'HDFC0001234',
      bank_name: 'HDFC Bank',
    });
    const [row] = await sqlRows<{ account_no_enc: string }>(
      t,
      `select account_no_enc from bank_cards where id = '${reply.body.data.id}'`,
    );
    expect(row!.account_no_enc).toMatch(/^v1\./);
    expect(row!.account_no_enc).not.toContain('1234567890');
    const list = await t.api.get<TBankCard[]>('/funds/app/v1/bank-cards', c.token);
    expect(list.body.data).toEqual([reply.body.data]);
  });

  it('accepts a bank code outside the table, naming the bank as the client typed it or not at all', async () => {
    const c = await moneyClient(t);
    const named = await add(
      c,
      valid(c, {
        ifsc: 'ZZZB0A1B2C3',
        account_number: '111122223333',
        bank_name: 'Zed Co-op Bank',
      }),
    );
    expect(named.body.data.bank_name).toBe('Zed Co-op Bank');
    const unnamed = await add(c, valid(c, { ifsc: 'ZZZB0A1B2C3', account_number: '111122224444' }));
    expect(unnamed.body.data.bank_name).toBeNull();
    // A known code wins over what was typed.
    const known = await add(
      c,
      valid(c, { ifsc: 'SBIN0000001', account_number: '111122225555', bank_name: 'My bank' }),
    );
    expect(known.body.data.bank_name).toBe('State Bank of India');
  });

  it('answers each invalid field with its message', async () => {
    const c = await moneyClient(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ holder_name: '' }, FM.holderNameRequired],
      [{ holder_name: 'Someone Else' }, FM.holderNameMismatch],
      [{ account_number: '12345678' }, FM.accountNumberInvalid],
      [{ account_number: '1234567890123456789' }, FM.accountNumberInvalid],
      [{ account_number: '12345678901a' }, FM.accountNumberInvalid],
      [{ account_number: undefined }, FM.accountNumberRequired],
      [{ ifsc: 'HDFC1001234' }, FM.ifscInvalid],
      [{ ifsc: 'HDF00001234' }, FM.ifscInvalid],
      [{ ifsc: '' }, FM.ifscRequired],
      [{ pin: '123456' }, ApiMessage.pinNotHashed],
    ];
    for (const [overrides, message] of cases) {
      const reply = await add(c, valid(c, overrides));
      expect([reply.status, reply.body.message]).toEqual([400, message]);
    }
  });

  it('keeps at most five and refuses the same account twice', async () => {
    const c = await moneyClient(t);
    for (let i = 0; i < MAX_BANK_CARDS; i++) await addCard(t, c, `90000000000${i}`);
    const dup = await add(c, valid(c, { account_number: '900000000001' }));
    expect([dup.status, dup.body.message]).toEqual([409, FM.bankCardExists]);
    const sixth = await add(c, valid(c, { account_number: '900000000009' }));
    expect([sixth.status, sixth.body.message]).toEqual([400, FM.bankCardLimit]);
  });

  it('holds the limit when six are added at once', async () => {
    const c = await moneyClient(t);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => add(c, valid(c, { account_number: `80000000000${i}` }))),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(MAX_BANK_CARDS);
    expect(replies.filter((r) => r.body.message === FM.bankCardLimit)).toHaveLength(1);
  });

  it('needs approved KYC and a PIN', async () => {
    const fresh = await signUpClient(t);
    const noKyc = await add(fresh, {
      holder_name: 'x',
      account_number: '123456789',
      ifsc: 'SBIN0001234',
      pin: 'a'.repeat(32),
    });
    expect([noKyc.status, noKyc.body.message]).toEqual([403, FM.kycRequired]);
    const noPin = await moneyClient(t, { pin: null });
    const reply = await add(noPin, valid(noPin));
    expect([reply.status, reply.body.message]).toEqual([400, FM.setPinForBankCards]);
  });
});

describe('the PIN and its lockout', () => {
  it('counts wrong PINs on bank cards and withdrawals alike and locks after five', async () => {
    const c = await moneyClient(t);
    const card = await addCard(t, c);
    const wrong = 'f'.repeat(32);
    const first = await add(c, valid(c, { pin: wrong, account_number: '700000000001' }));
    expect([first.status, first.body.message]).toEqual([400, ApiMessage.pinWrong(4)]);
    for (let i = 0; i < 3; i++)
      await t.api.post(`/funds/app/v1/bank-cards/${card.id}/remove`, { pin: wrong }, c.token);
    const fifth = await t.api.post(
      '/funds/app/v1/withdrawals',
      { amount: 100, bank_card_id: card.id, pin: wrong },
      c.token,
      { 'idempotency-key': 'lockout-1' },
    );
    expect([fifth.status, fifth.body.message]).toEqual([429, ApiMessage.pinLocked]);
    const locked = await add(c, valid(c, { account_number: '700000000002' }));
    expect([locked.status, locked.body.message]).toEqual([429, ApiMessage.pinLocked]);
    t.clock.advance(31 * 60_000);
    const after = await signInAgain(t, c);
    expect((await add(after, valid(after, { account_number: '700000000003' }))).status).toBe(200);
  });
});

describe('removing a bank card', () => {
  it('needs the PIN, only touches the client’s own cards, and keeps the row for history', async () => {
    const [a, b] = [await moneyClient(t), await moneyClient(t)];
    const card = await addCard(t, a);
    const byB = await t.api.post(
      `/funds/app/v1/bank-cards/${card.id}/remove`,
      { pin: b.pin },
      b.token,
    );
    expect([byB.status, byB.body.message]).toEqual([404, FM.bankCardNotFound]);
    const removed = await t.api.post(
      `/funds/app/v1/bank-cards/${card.id}/remove`,
      { pin: a.pin },
      a.token,
    );
    expect([removed.status, removed.body.message]).toEqual([200, FUNDS_DONE.bankCardRemoved]);
    expect((await t.api.get<TBankCard[]>('/funds/app/v1/bank-cards', a.token)).body.data).toEqual(
      [],
    );
    const [row] = await sqlRows<{ removed_at: unknown }>(
      t,
      `select removed_at from bank_cards where id = '${card.id}'`,
    );
    expect(row!.removed_at).not.toBeNull();
    const audit = await sqlRows<{ action: string }>(
      t,
      `select action from audit_log where subject_id = '${a.id}' and action like 'bank_card.%' order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['bank_card.add', 'bank_card.remove']);
    // Saved again after removal: allowed.
    expect((await addCard(t, a)).account_last4).toBe(card.account_last4);
  });
});
