import { TRANSFER_MESSAGES as TM, type TConsoleTransferIn } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { TransfersInPage } from './transfers-in';

const LIST = 'GET /transfers-in';
const transfer = (over: Partial<TConsoleTransferIn> = {}): TConsoleTransferIn => ({
  id: '9a0f8f0e-8c53-4b8e-9d57-1f2a3b4c5d6e',
  client_id: '1b2c3d4e-0000-4000-8000-000000000001',
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
    {
      symbol: 'INFY',
      isin: 'INE009A01021',
      acquired_on: '2026-05-03',
      acquired_at: '2026-05-03T04:30:00.000Z',
      quantity: 10,
      cost_paise: 1_200_500,
    },
  ],
  created_at: '2026-11-20T06:00:00.000Z',
  decided_at: null,
  reject_reason: null,
  client: { uid: 'SMP000123', name: 'Kavya Iyer', mobile: '+919812345678' },
  ...over,
});
const list = (...items: TConsoleTransferIn[]) => ok({ items });
const CONFIRM = `POST /transfers-in/${transfer().id}/confirm`;

const renderPage = () =>
  renderWithProviders(<TransfersInPage />, { route: '/transfers-in', path: '/transfers-in' });

afterEach(async () => {
  session.clear();
  await cleanNotifications();
});

describe('TransfersInPage', () => {
  it('lists pending requests with each lot’s ISIN, IST purchase day and cost, and the totals', async () => {
    signInAs(['operations']);
    mockApi({ [LIST]: list(transfer(), transfer({ id: 'done', status: 'confirmed' })) });
    renderPage();
    const rows = await screen.findAllByTestId('transfer-row');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(within(row).getByTestId('transfer-totals')).toHaveTextContent('22 INFY');
    expect(row).toHaveTextContent('bought 20 Sep 2024');
    expect(row).toHaveTextContent('₹12,005.00');
    expect(row).toHaveTextContent('IST');
    expect(row).toHaveTextContent('Kavya Iyer (UID SMP000123)');
  });

  it('confirming is announced and the list read again', async () => {
    signInAs(['operations']);
    const api = mockApi({
      [LIST]: [list(transfer()), list(transfer({ status: 'confirmed' }))],
      [CONFIRM]: ok(transfer({ status: 'confirmed' }), TM.confirmed),
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('transfer-confirm'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm transfer in' });
    expect(dialog).toHaveTextContent('depository');
    await userEvent.click(within(dialog).getByTestId('transfer-confirm-submit'));
    expect(await screen.findByText(TM.confirmed)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(await screen.findByText('No transfer awaits confirmation.')).toBeInTheDocument();
  });

  it('the server’s refusal stays in the dialog', async () => {
    signInAs(['operations']);
    mockApi({
      [LIST]: list(transfer()),
      [CONFIRM]: fail(409, 'This transfer is already rejected.'),
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('transfer-confirm'));
    await userEvent.click(await screen.findByTestId('transfer-confirm-submit'));
    expect(await screen.findByTestId('decision-error')).toHaveTextContent('already rejected');
  });

  it('a rejection needs its reason, then sends it', async () => {
    signInAs(['operations']);
    const api = mockApi({
      [LIST]: list(transfer()),
      [`POST /transfers-in/${transfer().id}/reject`]: ok(
        transfer({ status: 'rejected' }),
        TM.rejected,
      ),
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('transfer-reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject transfer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(TM.reasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox'), 'No credit at the depository.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /transfers-in/${transfer().id}/reject`)[0]?.body).toEqual({
        reason: 'No credit at the depository.',
      }),
    );
  });
});
