import type { TTransferIn } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { TransferInPage } from './transfer-in-page';

const URL = '/client/app/v1/transfers-in';
const pending: TTransferIn = {
  id: '7d3c1c1e-0000-4000-8000-000000000001',
  client_id: 'c1',
  status: 'pending',
  file_name: 'tradebook-INFY.csv',
  trade_count: 3,
  lots: [
    {
      symbol: 'INFY',
      isin: 'INE009A01021',
      acquired_on: '2024-09-20',
      acquired_at: '2024-09-20T04:30:00.000Z',
      quantity: 12,
      cost_paise: 1_200_000,
    },
  ],
  created_at: '2026-11-20T06:00:00.000Z',
  decided_at: null,
  reject_reason: null,
};
const rejected: TTransferIn = {
  ...pending,
  id: '7d3c1c1e-0000-4000-8000-000000000002',
  status: 'rejected',
  decided_at: '2026-11-21T06:00:00.000Z',
  reject_reason: 'No credit from the depository.',
};

const csv = () =>
  new File(['symbol,isin,trade_date,trade_type,quantity,price\n'], 'book.csv', {
    type: 'text/csv',
  });

/** Mantine's FileInput is a button over a hidden input; the upload goes to the input. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

beforeEach(() => {
  resetAppState();
  signInForTest();
});

describe('[CLIENT][TRANSFER-IN] Transfer shares in', () => {
  it('lists the client’s requests with their lots, dates and costs, and a rejection’s reason', async () => {
    mockApi({ [`GET ${URL}`]: ok({ items: [rejected, pending] }) });
    renderWithProviders(<TransferInPage />);
    const card = await screen.findByTestId(`transfer-in-${pending.id}`);
    expect(within(card).getByText('INFY')).toBeInTheDocument();
    expect(within(card).getByText('20 Sep 2024')).toBeInTheDocument();
    expect(within(card).getByText('₹12,000.00')).toBeInTheDocument();
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    const refused = screen.getByTestId(`transfer-in-${rejected.id}`);
    expect(within(refused).getByText('Reason: No credit from the depository.')).toBeInTheDocument();
  });

  it('counts the trades read in the plural form the count needs', async () => {
    const single = { ...rejected, trade_count: 1 };
    mockApi({ [`GET ${URL}`]: ok({ items: [single, pending] }) });
    renderWithProviders(<TransferInPage />);
    const card = await screen.findByTestId(`transfer-in-${pending.id}`);
    expect(within(card).getByText('3 trades read', { exact: false })).toBeInTheDocument();
    const one = screen.getByTestId(`transfer-in-${single.id}`);
    expect(within(one).getByText('1 trade read', { exact: false })).toBeInTheDocument();
  });

  it('says so when there is no request yet', async () => {
    mockApi({ [`GET ${URL}`]: ok({ items: [] }) });
    renderWithProviders(<TransferInPage />);
    expect(await screen.findByText('No transfer requests yet.')).toBeInTheDocument();
  });

  it('shows a refused file’s bad lines with their reasons', async () => {
    const api = mockApi({
      [`GET ${URL}`]: ok({ items: [] }),
      [`POST ${URL}`]: fail(
        400,
        'The tradebook has 2 bad lines; nothing was stored. line 3: quantity "-3" is not a positive whole number; line 5: trade_date "10/04/2023" is not a date (YYYY-MM-DD)',
      ),
    });
    const { user } = renderWithProviders(<TransferInPage />);
    await screen.findByText('No transfer requests yet.');
    expect(screen.getByTestId('transfer-in-submit')).toBeDisabled();
    await user.upload(fileInput(), csv());
    await user.click(screen.getByTestId('transfer-in-submit'));
    const alert = await screen.findByTestId('transfer-in-error');
    expect(alert).toHaveTextContent('The file was not accepted; nothing was stored.');
    expect(alert.textContent).toContain('line 3: quantity "-3" is not a positive whole number');
    expect(alert.textContent).toContain('line 5: trade_date "10/04/2023"');
    const upload = api.calls.find((c) => c.method === 'POST');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload!.body as FormData).get('file') as File).name).toBe('book.csv');
  });

  it('uploads a good file and shows the new request', async () => {
    mockApi({
      [`GET ${URL}`]: [ok({ items: [] }), ok({ items: [pending] })],
      [`POST ${URL}`]: ok(pending),
    });
    const { user } = renderWithProviders(<TransferInPage />);
    await screen.findByText('No transfer requests yet.');
    await user.upload(fileInput(), csv());
    await user.click(screen.getByTestId('transfer-in-submit'));
    await waitFor(() =>
      expect(screen.getByTestId(`transfer-in-${pending.id}`)).toBeInTheDocument(),
    );
    expect(screen.queryByTestId('transfer-in-error')).not.toBeInTheDocument();
  });
});
