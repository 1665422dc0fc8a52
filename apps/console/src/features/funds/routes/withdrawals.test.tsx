import { FM, FUNDS_DONE } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { consoleWithdrawal, page, WITHDRAWAL_ID } from '../test/fixtures';
import { WithdrawalsQueuePage } from './withdrawals';

const PAY = `POST /funds/withdrawals/${WITHDRAWAL_ID}/pay`;

describe('WithdrawalsQueuePage', () => {
  it('shows the whole payout account and marks paid with a checked bank reference', async () => {
    let key: string | undefined;
    const api = mockApi({
      'GET /funds/withdrawals': ok(page([consoleWithdrawal()])),
      [PAY]: (config) => {
        key = config.headers.get('Idempotency-Key') as string;
        return ok(consoleWithdrawal({ status: 'paid' }), FUNDS_DONE.withdrawalPaid);
      },
    });
    renderWithProviders(<WithdrawalsQueuePage />);
    const row = (await screen.findAllByTestId('withdrawal-row'))[0]!;
    expect(row).toHaveTextContent('₹10,000.00');
    expect(row).toHaveTextContent('50100012341234');
    await userEvent.click(within(row).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal paid' });
    await userEvent.type(within(dialog).getByLabelText(/Bank reference/), 'x!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText(FM.bankReferenceInvalid)).toBeInTheDocument();
    expect(api.callsTo(PAY)).toHaveLength(0);

    const input = within(dialog).getByLabelText(/Bank reference/);
    await userEvent.clear(input);
    await userEvent.type(input, 'hdfcn52026030312');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(FUNDS_DONE.withdrawalPaid)).toBeInTheDocument();
    expect(api.callsTo(PAY)[0]!.body).toEqual({ bank_reference: 'HDFCN52026030312' });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects with a reason', async () => {
    const reject = `POST /funds/withdrawals/${WITHDRAWAL_ID}/reject`;
    const api = mockApi({
      'GET /funds/withdrawals': ok(page([consoleWithdrawal()])),
      [reject]: ok(consoleWithdrawal({ status: 'rejected' }), FUNDS_DONE.withdrawalRejected),
    });
    renderWithProviders(<WithdrawalsQueuePage />);
    const row = (await screen.findAllByTestId('withdrawal-row'))[0]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(FM.reasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Account closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(FUNDS_DONE.withdrawalRejected)).toBeInTheDocument();
    expect(api.callsTo(reject)[0]!.body).toEqual({ reason: 'Account closed' });
  });
});
