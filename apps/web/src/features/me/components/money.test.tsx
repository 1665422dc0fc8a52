import { FM, FUNDS_DONE, md5 } from '@sampada/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setShowAssets } from '../../../lib/app-settings';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { BankCards } from './bank-cards';
import { RecordsPage } from './records-page';

const profile = (hasPin = true) =>
  ok({ id: 'C1', name: 'Priya Sharma', has_pin: hasPin, kycStatus: 'approved' });

const card = {
  id: '0b7f6a4e-3c1d-4f7e-9a59-1a2b3c4d5e6f',
  holder_name: 'Priya Sharma',
  account_number: 'XXXXXX1234',
  account_last4: '1234',
  ifsc: 'SBIN0001234',
  bank_name: 'State Bank of India',
  created_at: '2026-11-01T00:00:00.000Z',
};

const record = (id: string, amount: number, type = 'deposit') => ({
  id,
  posting_id: `p-${id}`,
  type,
  account: 'cash_available',
  amount_paise: amount,
  balance_after_paise: 5_000_000,
  memo: `memo ${id}`,
  reference: `deposit:${id}`,
  created_at: '2026-11-20T10:00:00.000Z',
});

/** Record r1's receipt (GET /funds/app/v1/records/p-r1). */
const receiptOfR1 = {
  posting_id: 'p-r1',
  type: 'deposit',
  memo: 'Deposit by NEFT',
  reference: 'deposit:r1',
  created_at: '2026-11-20T10:00:00.000Z',
  lines: [record('r1', 2_500_000)],
  deposit: null,
  withdrawal: null,
};

beforeEach(() => {
  resetAppState();
  setShowAssets(true);
  signInForTest();
});
afterEach(() => vi.restoreAllMocks());

describe('bank accounts', () => {
  it('lists masked numbers, shows the bank of the IFSC and adds an account with the PIN as MD5', async () => {
    const { callsTo } = mockApi({
      'GET /auth/app/v1/client_info': profile(),
      'GET /funds/app/v1/bank-cards': [ok([]), ok([card])],
      'POST /funds/app/v1/bank-cards': ok(card),
    });
    const { user } = renderWithProviders(<BankCards />);
    await user.click(await screen.findByRole('button', { name: 'Add bank account' }));
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText(FM.holderNameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Account holder name'), 'Priya Sharma');
    await user.type(screen.getByLabelText('Account number'), '12345678');
    await user.type(screen.getByLabelText('IFSC'), 'sbin0001234');
    expect(screen.getByText('State Bank of India')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText(FM.accountNumberInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Account number'), '901234');
    const boxes = [...screen.getByTestId('funds-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('482137');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText(FUNDS_DONE.bankCardAdded)).toBeInTheDocument();
    expect(callsTo('POST /funds/app/v1/bank-cards')[0]!.body).toEqual({
      holder_name: 'Priya Sharma',
      account_number: '12345678901234',
      ifsc: 'SBIN0001234',
      pin: md5('482137'),
    });
    expect(await screen.findByText(/XXXXXX1234/)).toBeInTheDocument();
  });

  it('sends a client without a PIN to Set PIN instead of the form', async () => {
    mockApi({
      'GET /auth/app/v1/client_info': profile(false),
      'GET /funds/app/v1/bank-cards': ok([card]),
    });
    const { user } = renderWithProviders(<BankCards />);
    expect(await screen.findByText(FM.setPinForBankCards)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect(await screen.findByRole('dialog', { name: 'Set PIN' })).toBeInTheDocument();
  });
});

it('shows the server refusal when the holder name is not the KYC name', async () => {
  mockApi({
    'GET /auth/app/v1/client_info': profile(),
    'GET /funds/app/v1/bank-cards': ok([]),
    'POST /funds/app/v1/bank-cards': fail(400, FM.holderNameMismatch),
  });
  const { user } = renderWithProviders(<BankCards />);
  await user.click(await screen.findByRole('button', { name: 'Add bank account' }));
  await user.type(screen.getByLabelText('Account holder name'), 'Someone Else');
  await user.type(screen.getByLabelText('Account number'), '123456789012');
  await user.type(screen.getByLabelText('IFSC'), 'ABCD0123456');
  expect(screen.getByLabelText('Bank name')).toBeInTheDocument();
  await user.click(screen.getByTestId('funds-pin').querySelector('input')!);
  await user.keyboard('482137');
  await user.click(screen.getByRole('button', { name: 'Save bank account' }));
  expect(await screen.findByTestId('bank-error')).toHaveTextContent(FM.holderNameMismatch);
});

describe('fund records', () => {
  it('filters by type and date, pages with Load more, and opens a receipt', async () => {
    const { callsTo } = mockApi({
      'GET /funds/app/v1/records': (config) =>
        config.params?.cursor === 'c2'
          ? ok({ items: [record('r3', -50_000, 'withdrawal_hold')], next_cursor: null })
          : ok({ items: [record('r1', 2_500_000), record('r2', 100_000)], next_cursor: 'c2' }),
      'GET /funds/app/v1/records/p-r1': ok(receiptOfR1),
    });
    const { user } = renderWithProviders(<RecordsPage />);
    expect(await screen.findByText('₹25,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('-₹500.00')).toBeInTheDocument();
    expect(callsTo('GET /funds/app/v1/records')[1]!.params).toMatchObject({ cursor: 'c2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getAllByTestId('record-row')[0]!);
    expect(await screen.findByTestId('receipt-detail')).toHaveTextContent('Deposit by NEFT');
    // A receipt number a person can quote, never the ledger's internal reference.
    expect(screen.getByTestId('receipt-detail')).toHaveTextContent('Receipt no.');
    expect(screen.getByTestId('receipt-detail')).not.toHaveTextContent('deposit:r1');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('receipt-detail')).not.toBeInTheDocument());

    await user.click(screen.getByPlaceholderText('All types'));
    await user.click(await screen.findByText('Withdrawal paid'));
    await waitFor(() =>
      expect(callsTo('GET /funds/app/v1/records').at(-1)!.params).toMatchObject({
        type: 'withdrawal_paid',
      }),
    );
  });

  it('opens the receipt a notice named, once, over the records', async () => {
    const { callsTo } = mockApi({
      'GET /funds/app/v1/records': ok({ items: [record('r1', 2_500_000)], next_cursor: null }),
      'GET /funds/app/v1/records/p-r1': ok(receiptOfR1),
    });
    renderWithProviders(<RecordsPage />, { route: '/me/records?receipt=p-r1' });
    expect(await screen.findByTestId('receipt-detail')).toHaveTextContent('Deposit by NEFT');
    expect(screen.getAllByTestId('receipt-detail')).toHaveLength(1);
    expect(await screen.findAllByTestId('record-row')).toHaveLength(1);
    expect(callsTo('GET /funds/app/v1/records/p-r1').length).toBeGreaterThan(0);
  });

  it('masks amounts when assets are hidden', async () => {
    setShowAssets(false);
    mockApi({
      'GET /funds/app/v1/records': ok({ items: [record('r1', 2_500_000)], next_cursor: null }),
    });
    renderWithProviders(<RecordsPage />);
    await screen.findAllByTestId('record-row');
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();
    expect(screen.getAllByText('****')).toHaveLength(2);
  });

  it('downloads the statement with the token as a blob through an object URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:statement');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { callsTo } = mockApi({
      'GET /funds/app/v1/records': ok({ items: [], next_cursor: null }),
      'GET /funds/app/v1/statement': () => ({ status: 200, body: new Blob(['a,b']) }),
    });
    const { user } = renderWithProviders(<RecordsPage />);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = callsTo('GET /funds/app/v1/statement')[0]!;
    expect(call.authorization).toBe('Bearer access-1');
    expect(call.params).toMatchObject({ format: 'csv' });
    expect(createObjectURL).toHaveBeenCalled();
  });
});
