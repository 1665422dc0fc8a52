/** Balances of a client's and the firm's accounts, as of now or of a moment. */
import {
  CLIENT_ACCOUNTS,
  FIRM_ACCOUNTS,
  type TClientAccount,
  type TFirmAccount,
} from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { accountsOfClient, accountsOfClients, firmAccounts } from './accounts.ts';
import { balanceBefore } from './postings.ts';

/** Every client account kind with its balance; 0 for an account not opened yet. */
export async function balancesOf(
  executor: Executor,
  clientId: string,
): Promise<Record<TClientAccount, bigint>> {
  const rows = await accountsOfClient(executor, clientId);
  const balances = Object.fromEntries(CLIENT_ACCOUNTS.map((k) => [k, 0n])) as Record<
    TClientAccount,
    bigint
  >;
  for (const row of rows) balances[row.kind as TClientAccount] = row.balance;
  return balances;
}

/** Several clients' balances as balancesOf gives them, in one statement: client → balances. */
export async function balancesOfMany(
  executor: Executor,
  clientIds: readonly string[],
): Promise<Map<string, Record<TClientAccount, bigint>>> {
  const rows = await accountsOfClients(executor, clientIds);
  const zero = () =>
    Object.fromEntries(CLIENT_ACCOUNTS.map((k) => [k, 0n])) as Record<TClientAccount, bigint>;
  const balances = new Map(clientIds.map((id) => [id, zero()]));
  for (const row of rows) {
    const of = balances.get(row.clientId!);
    if (of) of[row.kind as TClientAccount] = row.balance;
  }
  return balances;
}

export async function firmBalances(executor: Executor): Promise<Record<TFirmAccount, bigint>> {
  const rows = await firmAccounts(executor);
  const balances = Object.fromEntries(FIRM_ACCOUNTS.map((k) => [k, 0n])) as Record<
    TFirmAccount,
    bigint
  >;
  for (const row of rows) balances[row.kind as TFirmAccount] = row.balance;
  return balances;
}

/** A client's balance of each account just before `at` (the statement's opening). */
export async function openingBalances(executor: Executor, clientId: string, at: Date) {
  const accounts = await accountsOfClient(executor, clientId);
  const balances = new Map<TClientAccount, bigint>();
  for (const account of accounts)
    balances.set(account.kind as TClientAccount, await balanceBefore(executor, account.id, at));
  return balances;
}
