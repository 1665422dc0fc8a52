/** Funds test fixtures: KYC-approved clients with a PIN, a receiving account, money on hand. */
import { randomUUID } from 'node:crypto';
import { md5, type TBankCard, type TDepositView } from '@sampada/shared';
import { clientOfAdvisor, type ConsoleClient, submitKyc } from '../../test/console-fixtures.ts';
import { ensureAdvisor, type TestApp } from '../../test/helpers.ts';

export const system = { type: 'system', id: 'test' } as const;
export const KYC_NAME = 'Ananya Iyer';
export const PIN = '246810';

export type MoneyClient = ConsoleClient & { pin: string };

/** A client through the real API whose KYC is approved and (unless `pin: null`) has a PIN. */
export async function moneyClient(
  t: TestApp,
  options: { pin?: string | null; advisorId?: string } = {},
): Promise<MoneyClient> {
  const advisorId = options.advisorId ?? (await ensureAdvisor(t)).id;
  const client = await clientOfAdvisor(t, advisorId);
  await submitKyc(t, client, KYC_NAME);
  await t.ctx.kyc.review(client.id, 'approve', system);
  const pin = options.pin === undefined ? PIN : options.pin;
  if (pin) await t.ctx.clients.setPin(client.id, md5(pin));
  return { ...client, pin: md5(pin ?? PIN) };
}

export async function openDeposits(t: TestApp) {
  await t.ctx.settings.update(
    'deposit_bank',
    {
      account_name: 'Sampada Wealth Pvt Ltd Client Account',
      account_number: '50200012345678',
      ifsc: 'HDFC0000123',
      bank_name: 'HDFC Bank',
      branch: 'Fort, Mumbai',
      upi_id: 'sampada@hdfcbank',
    },
    system,
  );
}

export const newKey = () => randomUUID();
export const keyed = (key: string = newKey()) => ({ 'idempotency-key': key });

let utrCounter = 0;
/** A fresh NEFT-shaped UTR. */
export const nextUtr = () =>
  `HDFCN${String(process.pid).padStart(6, '0')}${String(++utrCounter).padStart(5, '0')}`;

/** The client reports a NEFT deposit (pending until operations confirm it). */
export async function requestDeposit(
  t: TestApp,
  client: MoneyClient,
  rupees: number,
  utr = nextUtr(),
): Promise<TDepositView> {
  const reply = await t.api.post<TDepositView>(
    '/funds/app/v1/deposits',
    { amount: rupees, method: 'NEFT', utr },
    client.token,
    keyed(),
  );
  if (reply.status !== 200) throw new Error(`deposit refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

export async function addCard(
  t: TestApp,
  client: MoneyClient,
  accountNumber = '123456789012',
): Promise<TBankCard> {
  const reply = await t.api.post<TBankCard>(
    '/funds/app/v1/bank-cards',
    { holder_name: KYC_NAME, account_number: accountNumber, ifsc: 'SBIN0001234', pin: client.pin },
    client.token,
  );
  if (reply.status !== 200) throw new Error(`add card failed: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

/** Deposits `rupees` through the API and confirms it through the service. */
export async function fund(t: TestApp, client: MoneyClient, rupees: string | number) {
  const reply = await t.api.post<TDepositView>(
    '/funds/app/v1/deposits',
    { amount: rupees, method: 'NEFT', utr: nextUtr() },
    client.token,
    keyed(),
  );
  if (reply.status !== 200) throw new Error(`deposit failed: ${JSON.stringify(reply.body)}`);
  const staffId = (await ensureAdvisor(t)).id;
  await t.ctx.funds.deposits.decide(reply.body.data.id, 'confirm', {
    staffId,
    actor: system,
    baseUrl: t.baseUrl,
  });
  return reply.body.data;
}

/** A fresh access token, e.g. after the test clock moved past the token's 15 minutes. */
export async function signInAgain(t: TestApp, client: MoneyClient): Promise<MoneyClient> {
  const reply = await t.api.post<{ access_token: string }>('/auth/app/v1/login', {
    username: client.mobile,
    password: md5(client.password),
  });
  return { ...client, token: reply.body.data.access_token };
}

export const balancesOf = (t: TestApp, clientId: string) => t.ctx.ledger.balancesOf(clientId);
