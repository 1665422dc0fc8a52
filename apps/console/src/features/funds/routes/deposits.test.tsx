import { FM, FUNDS_DONE } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { consoleDeposit, DEPOSIT_ID, page } from '../test/fixtures';
import { DepositsQueuePage } from './deposits';

const CONFIRM = `POST /funds/deposits/${DEPOSIT_ID}/confirm`;
const REJECT = `POST /funds/deposits/${DEPOSIT_ID}/reject`;
const keyOf = (config: InternalAxiosRequestConfig) =>
  config.headers.get('Idempotency-Key') as string | undefined;

describe('DepositsQueuePage', () => {
  it('lists pending deposits with client, amount in rupees, method, UTR and receipt', async () => {
    const api = mockApi({
      'GET /funds/deposits': [
        ok(page([consoleDeposit()], 'next-1')),
        ok(page([consoleDeposit({ id: 'second', utr: '512345678901' })])),
      ],
    });
    renderWithProviders(<DepositsQueuePage />);
    const [row] = await screen.findAllByTestId('deposit-row');
    expect(row).toHaveTextContent('Kavya Iyer');
    expect(row).toHaveTextContent('₹25,000.50');
    expect(row).toHaveTextContent('IMPS');
    expect(row).toHaveTextContent('412345678901');
    expect(api.callsTo('GET /funds/deposits')[0]!.params).toMatchObject({ status: 'pending' });

    await userEvent.click(within(row!).getByRole('button', { name: 'View' }));
    expect(await screen.findByRole('img', { name: 'Deposit receipt' })).toHaveAttribute(
      'src',
      'https://files.example/receipt.jpg?sig=abc',
    );
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('512345678901')).toBeInTheDocument();
    expect(api.callsTo('GET /funds/deposits')[1]!.params).toMatchObject({ cursor: 'next-1' });
  });

  it('filters by status', async () => {
    const api = mockApi({ 'GET /funds/deposits': ok(page([])) });
    renderWithProviders(<DepositsQueuePage />, {
      route: '/funds/deposits?status=all',
      path: '/funds/deposits',
    });
    expect(await screen.findByText('No deposits.')).toBeInTheDocument();
    expect(api.callsTo('GET /funds/deposits')[0]!.params).toMatchObject({ status: 'all' });
  });

  it('confirms with an Idempotency-Key, reused when the same decision is retried', async () => {
    const keys: (string | undefined)[] = [];
    const api = mockApi({
      'GET /funds/deposits': ok(page([consoleDeposit()])),
      [CONFIRM]: [
        (config) => {
          keys.push(keyOf(config));
          return fail(409, FM.utrAlreadyCredited);
        },
        (config) => {
          keys.push(keyOf(config));
          return ok(consoleDeposit({ status: 'confirmed' }), FUNDS_DONE.depositConfirmed);
        },
      ],
    });
    renderWithProviders(<DepositsQueuePage />);
    const row = (await screen.findAllByTestId('deposit-row'))[0]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit' });
    expect(dialog).toHaveTextContent('₹25,000.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    expect(await within(dialog).findByTestId('decision-error')).toHaveTextContent(
      FM.utrAlreadyCredited,
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    expect(await screen.findByText(FUNDS_DONE.depositConfirmed)).toBeInTheDocument();
    expect(api.callsTo(CONFIRM)).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('rejects only with a reason, sent with its own key', async () => {
    let key: string | undefined;
    const api = mockApi({
      'GET /funds/deposits': ok(page([consoleDeposit()])),
      [REJECT]: (config) => {
        key = keyOf(config);
        return ok(consoleDeposit({ status: 'rejected' }), FUNDS_DONE.depositRejected);
      },
    });
    renderWithProviders(<DepositsQueuePage />);
    const row = (await screen.findAllByTestId('deposit-row'))[0]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject deposit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(FM.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo(REJECT)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'No credit with this UTR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(FUNDS_DONE.depositRejected)).toBeInTheDocument();
    expect(api.callsTo(REJECT)[0]!.body).toEqual({ reason: 'No credit with this UTR' });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
