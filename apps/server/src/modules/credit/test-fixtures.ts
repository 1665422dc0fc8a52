/** Credit test fixtures: borrowers with allow_loan, shares bought on the market, loans over HTTP. */
import { randomUUID } from 'node:crypto';
import type {
  TConsoleLoanDetail,
  TKeyFactStatement,
  TCreditProducts,
  TLoanApplyRequest,
  TLoanDetail,
  TRepayment,
} from '@sampada/shared';
import { viewerFor } from '../../platform/viewer.ts';
import type { SignedInStaff, TestApp } from '../../test/helpers.ts';
import { addCard, balancesOf, keyed, type MoneyClient, system } from '../funds/test-fixtures.ts';
import { istDay } from './interest.ts';
import { placed, trader, untilSettled } from '../trading/test-fixtures.ts';

/** Seeded by migration 0012. */
export const LAS_ID = 'c2ed1700-0000-4000-8000-000000000001';
export const PERSONAL_ID = 'c2ed1700-0000-4000-8000-000000000002';
export const CONSOLE = '/console/api/v1/credit';

const ADMIN_VIEWER = viewerFor({
  staffId: '00000000-0000-4000-8000-000000000000',
  roles: ['admin'],
});

/** Turns a client's allow_loan flag on, as an admin would in the console. */
export const allowLoans = (t: TestApp, clientId: string) =>
  t.ctx.clients.setFlags(ADMIN_VIEWER, clientId, { allow_loan: true }, system);

/** A KYC-approved client with a PIN, `rupees` of cash and (unless off) allow_loan. */
export async function borrower(
  t: TestApp,
  options: { rupees?: number; allowLoan?: boolean } = {},
): Promise<MoneyClient> {
  const client = await trader(t, options.rupees ?? 500_000);
  if (options.allowLoan !== false) await allowLoans(t, client.id);
  return client;
}

/** Buys `quantity` shares at market and waits for the fill. */
export async function buyShares(t: TestApp, client: MoneyClient, symbol: string, quantity: number) {
  const order = await placed(t, client, { type: 'market', symbol, side: 'buy', quantity });
  const settled = await untilSettled(t, client, order.id);
  if (settled.status !== 'filled') throw new Error(`buy not filled: ${settled.status}`);
}

export const priceOf = (t: TestApp, symbol: string) =>
  BigInt(t.ctx.market.engine.state(symbol)!.last);

/** The key fact statement for these terms, as the app asks for it before applying. */
export const keyFacts = (
  t: TestApp,
  client: MoneyClient,
  body: Omit<TLoanApplyRequest, 'pin' | 'kfs_id'>,
) => t.api.post<TKeyFactStatement>('/loan/app/v1/kfs', body, client.token);

/**
 * Applies as the app does: the KFS for the terms first, then the application accepting it.
 * Terms the KFS refuses go on with an unknown id, so the application's own refusal is seen.
 */
export async function apply(
  t: TestApp,
  client: MoneyClient,
  body: Omit<TLoanApplyRequest, 'pin'>,
  key?: string,
) {
  let kfsId = body.kfs_id;
  if (kfsId === undefined) {
    const kfs = await keyFacts(t, client, body);
    kfsId = kfs.status === 200 ? kfs.body.data.id : randomUUID();
  }
  return t.api.post<TLoanDetail>(
    '/loan/app/v1/apply',
    { ...body, kfs_id: kfsId, pin: client.pin },
    client.token,
    keyed(key),
  );
}

export async function applied(
  t: TestApp,
  client: MoneyClient,
  body: Omit<TLoanApplyRequest, 'pin'>,
): Promise<TLoanDetail> {
  const reply = await apply(t, client, body);
  if (reply.status !== 200) throw new Error(`apply refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

export function repay(
  t: TestApp,
  client: MoneyClient,
  loanId: string,
  amountPaise: number | bigint,
) {
  return t.api.post<TRepayment>(
    `/loan/app/v1/loans/${loanId}/repay`,
    { amount_paise: Number(amountPaise), pin: client.pin },
    client.token,
    keyed(),
  );
}

export const loanOf = async (t: TestApp, client: MoneyClient, id: string) =>
  (await t.api.get<TLoanDetail>(`/loan/app/v1/loans/${id}`, client.token)).body.data;

export const productsOf = async (t: TestApp, client: MoneyClient) =>
  (await t.api.get<TCreditProducts>('/loan/app/v1/products', client.token)).body.data;

export function decide(
  t: TestApp,
  officer: SignedInStaff,
  loanId: string,
  action: 'approve' | 'reject' | 'disburse' | 'write-off',
  body: object = {},
) {
  return t.api.post<TConsoleLoanDetail>(
    `${CONSOLE}/loans/${loanId}/${action}`,
    body,
    officer.token,
    keyed(),
  );
}

/** Approves (once or by two officers as the loan needs) and disburses. */
export async function disbursed(
  t: TestApp,
  officers: [SignedInStaff, SignedInStaff],
  loan: TLoanDetail,
): Promise<TConsoleLoanDetail> {
  for (let i = 0; i < loan.approvals_required; i++) {
    const reply = await decide(t, officers[i]!, loan.id, 'approve');
    if (reply.status !== 200) throw new Error(`approve refused: ${JSON.stringify(reply.body)}`);
  }
  const reply = await decide(t, officers[0], loan.id, 'disburse');
  if (reply.status !== 200) throw new Error(`disburse refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

/** The test clock moved by whole days (access tokens outlive none of them: sign in again). */
export const DAY_MS = 86_400_000;

/** The IST day on the test clock. */
export const todayOf = (t: TestApp) => istDay(t.clock.now());

/** Moves the clock to `day` (same time of day) and runs the accrual job, as the leader would. */
export async function accrueUntil(t: TestApp, day: string) {
  while (todayOf(t) < day) t.clock.advance(DAY_MS);
  await t.ctx.credit.servicing.runAccrual();
}

/**
 * Puts a client's available cash on hold for a withdrawal but `leave` paise: all auto-debit
 * then finds.
 */
export async function holdAllCash(t: TestApp, c: MoneyClient, leave = 0n) {
  const card = await addCard(t, c);
  const cash = (await balancesOf(t, c.id)).cash_available - leave;
  const reply = await t.api.post(
    '/funds/app/v1/withdrawals',
    { amount: (Number(cash) / 100).toFixed(2), bank_card_id: card.id, pin: c.pin },
    c.token,
    keyed(),
  );
  if (reply.status !== 200) throw new Error(`withdrawal refused: ${JSON.stringify(reply.body)}`);
}
