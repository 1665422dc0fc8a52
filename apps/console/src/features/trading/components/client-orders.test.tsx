import { DEFAULT_CHARGES, computeCharges } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { CLIENT_ID, deskOrder, page } from '../test/fixtures';
import { signInAs } from '../../../test/session';
import { ClientOrders } from './client-orders';

afterEach(() => session.clear());

const filled = deskOrder({
  status: 'filled',
  filled_quantity: 100,
  average_price_paise: 345050,
  hold_paise: 0,
  fills: [
    {
      id: 'fill-1',
      quantity: 100,
      price_paise: 345050,
      value_paise: 34505000,
      charges: computeCharges(DEFAULT_CHARGES, 'buy', 34505000),
      net_paise: 34505000 + computeCharges(DEFAULT_CHARGES, 'buy', 34505000).total_paise,
      contract_note_no: 'CN-20260302-000123',
      posting_id: 'posting-1',
      executed_at: '2026-03-02T06:00:00.000Z',
    },
  ],
});

describe('ClientOrders', () => {
  it("lists a client's orders of every status with fills and contract note numbers", async () => {
    signInAs(['support']);
    const api = mockApi({
      'GET /trading/orders': ok(
        page([filled, deskOrder({ id: 'o-2', status: 'rejected', reason: 'Allocation over' })]),
      ),
    });
    renderWithProviders(<ClientOrders clientId={CLIENT_ID} />);
    const rows = await screen.findAllByTestId('client-order-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Institutional');
    expect(rows[0]).toHaveTextContent('100 / 100');
    expect(within(rows[0]!).getByTestId('contract-note-no')).toHaveTextContent(
      'CN-20260302-000123',
    );
    expect(within(rows[1]!).getByText('Rejected')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Allocation over');
    expect(api.callsTo('GET /trading/orders')[0]!.params).toMatchObject({
      client_id: CLIENT_ID,
      status: 'all',
    });
  });

  it('shows nothing without a session that may read orders', () => {
    const api = mockApi({});
    const { container } = renderWithProviders(<ClientOrders clientId={CLIENT_ID} />);
    expect(container.querySelector('[data-testid="client-orders"]')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
