import { TM, TRADING_DONE } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { deskOrder, IPO_ID, ipoIssue, ORDER_ID, page, QUOTE_ID } from '../test/fixtures';
import { cleanNotifications } from '../../../test/session';
import { DeskPage } from './desk';

const ALLOCATE = `POST /trading/orders/${ORDER_ID}/allocate`;
const CONFIRM = `POST /trading/orders/${ORDER_ID}/confirm`;
const REJECT = `POST /trading/orders/${ORDER_ID}/reject`;
const keyOf = (config: InternalAxiosRequestConfig) =>
  config.headers.get('Idempotency-Key') as string | undefined;
afterEach(cleanNotifications);

const renderDesk = (search = '') =>
  renderWithProviders(<DeskPage />, { route: `/trading/desk${search}`, path: '/trading/desk' });

describe('DeskPage: institutional requests', () => {
  it('lists awaiting requests oldest first with client, value and hold', async () => {
    const api = mockApi({ 'GET /trading/orders': ok(page([deskOrder()])) });
    renderDesk();
    const row = (await screen.findAllByTestId('desk-order-row'))[0]!;
    expect(row).toHaveTextContent('Kavya Iyer');
    expect(row).toHaveTextContent('TCS');
    expect(row).toHaveTextContent('₹3,450.50');
    expect(row).toHaveTextContent('₹3,45,050.00'); // 100 × ₹3,450.50
    expect(row).toHaveTextContent('hold ₹3,45,400.00');
    expect(within(row).getByTestId(`allocate-${ORDER_ID}`)).toBeInTheDocument();
    expect(api.callsTo('GET /trading/orders')[0]!.params).toMatchObject({
      type: 'institutional',
      status: 'awaiting',
    });
  });

  it('allocates within the request, with one Idempotency-Key reused on retry', async () => {
    const keys: (string | undefined)[] = [];
    const api = mockApi({
      'GET /trading/orders': ok(page([deskOrder()])),
      [ALLOCATE]: [
        (config) => {
          keys.push(keyOf(config));
          return fail(409, TM.allocateTooMuch);
        },
        (config) => {
          keys.push(keyOf(config));
          return ok(deskOrder({ status: 'partially_filled' }), TRADING_DONE.allocated);
        },
      ],
    });
    renderDesk();
    await userEvent.click(await screen.findByTestId(`allocate-${ORDER_ID}`));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate shares' });
    const quantity = within(dialog).getByTestId('allocate-quantity');
    expect(quantity).toHaveValue('100');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '150');
    await userEvent.click(within(dialog).getByTestId('allocate-submit'));
    expect(await within(dialog).findByText(TM.allocateTooMuch)).toBeInTheDocument();
    expect(api.callsTo(ALLOCATE)).toHaveLength(0);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '40');
    await userEvent.click(within(dialog).getByTestId('allocate-submit'));
    expect(await within(dialog).findByTestId('decision-error')).toHaveTextContent(
      TM.allocateTooMuch,
    );
    await userEvent.click(within(dialog).getByTestId('allocate-submit'));
    expect(await screen.findByText(TRADING_DONE.allocated)).toBeInTheDocument();
    expect(api.callsTo(ALLOCATE).map((c) => c.body)).toEqual([{ quantity: 40 }, { quantity: 40 }]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('allocates none with 0, under a new key for a different decision', async () => {
    const keys: (string | undefined)[] = [];
    const api = mockApi({
      'GET /trading/orders': ok(page([deskOrder()])),
      [ALLOCATE]: [
        (config) => {
          keys.push(keyOf(config));
          return fail(409, 'Try again.');
        },
        (config) => {
          keys.push(keyOf(config));
          return ok(deskOrder({ status: 'rejected' }), TRADING_DONE.allocated);
        },
      ],
    });
    renderDesk();
    await userEvent.click(await screen.findByTestId(`allocate-${ORDER_ID}`));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate shares' });
    await userEvent.click(within(dialog).getByTestId('allocate-submit'));
    expect(await within(dialog).findByTestId('decision-error')).toHaveTextContent('Try again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'None' }));
    await userEvent.click(within(dialog).getByTestId('allocate-submit'));
    expect(await screen.findByText(TRADING_DONE.allocated)).toBeInTheDocument();
    expect(api.callsTo(ALLOCATE).map((c) => c.body)).toEqual([{ quantity: 100 }, { quantity: 0 }]);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('rejects only with a reason, sent with a key', async () => {
    let key: string | undefined;
    const api = mockApi({
      'GET /trading/orders': ok(page([deskOrder()])),
      [REJECT]: (config) => {
        key = keyOf(config);
        return ok(deskOrder({ status: 'rejected' }), TRADING_DONE.rejected);
      },
    });
    renderDesk();
    await userEvent.click(await screen.findByTestId(`reject-${ORDER_ID}`));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order' });
    await userEvent.click(within(dialog).getByTestId('reject-submit'));
    expect(await within(dialog).findByText(TM.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo(REJECT)).toHaveLength(0);
    await userEvent.type(within(dialog).getByTestId('reject-reason'), 'Allocation exhausted');
    await userEvent.click(within(dialog).getByTestId('reject-submit'));
    expect(await screen.findByText(TRADING_DONE.rejected)).toBeInTheDocument();
    expect(api.callsTo(REJECT)[0]!.body).toEqual({ reason: 'Allocation exhausted' });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('DeskPage: OTC takes', () => {
  it('confirms a take and shows the server message when it fails', async () => {
    const take = deskOrder({
      type: 'otc',
      symbol: 'RELIANCE',
      offering_id: QUOTE_ID,
      valid_until: '2026-03-02T08:50:00.000Z',
    });
    let key: string | undefined;
    const api = mockApi({
      'GET /trading/orders': ok(page([take])),
      [CONFIRM]: [
        fail(409, TM.notAwaiting('expired')),
        (config) => {
          key = keyOf(config);
          return ok({ ...take, status: 'filled' }, TRADING_DONE.confirmed);
        },
      ],
    });
    renderDesk(`?type=otc&offering_id=${QUOTE_ID}`);
    const row = (await screen.findAllByTestId('desk-order-row'))[0]!;
    expect(within(row).queryByTestId(`allocate-${ORDER_ID}`)).not.toBeInTheDocument();
    expect(api.callsTo('GET /trading/orders')[0]!.params).toMatchObject({
      type: 'otc',
      offering_id: QUOTE_ID,
    });
    expect(screen.getByTestId('desk-offering-filter')).toBeInTheDocument();

    await userEvent.click(within(row).getByTestId(`confirm-${ORDER_ID}`));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm OTC trade' });
    await userEvent.click(within(dialog).getByTestId('confirm-submit'));
    expect(await within(dialog).findByTestId('decision-error')).toHaveTextContent(
      'This order is already expired.',
    );
    await userEvent.click(within(dialog).getByTestId('confirm-submit'));
    expect(await screen.findByText(TRADING_DONE.confirmed)).toBeInTheDocument();
    expect(api.callsTo(CONFIRM)).toHaveLength(2);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('DeskPage: IPO applications', () => {
  it('lists applications read-only, filtered by issue', async () => {
    const application = deskOrder({
      type: 'ipo',
      symbol: 'NEWCO',
      lots: 3,
      lot_size: 50,
      quantity: 150,
      price_paise: 30000,
      hold_paise: 4500000,
      offering_id: IPO_ID,
    });
    const api = mockApi({
      'GET /trading/orders': ok(page([application])),
      'GET /trading/ipos': ok([ipoIssue()]),
    });
    renderDesk(`?type=ipo&offering_id=${IPO_ID}`);
    const row = (await screen.findAllByTestId('desk-order-row'))[0]!;
    expect(row).toHaveTextContent('× 50 = 150 sh.');
    expect(row).toHaveTextContent('₹45,000.00');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(api.callsTo('GET /trading/orders')[0]!.params).toMatchObject({
      type: 'ipo',
      offering_id: IPO_ID,
    });
    expect(await screen.findByDisplayValue('NEWCO · Newco Technologies')).toBeInTheDocument();
  });
});
