import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { DashboardPage } from './dashboard';

describe('DashboardPage', () => {
  it('shows the pending deposits and withdrawals linking to their queues', async () => {
    mockApi({ 'GET /dashboard': ok({ queues: { deposits_pending: 3, withdrawals_pending: 1 } }) });
    renderWithProviders(<DashboardPage />);
    const deposits = await screen.findByTestId('queue-deposits_pending');
    expect(deposits).toHaveTextContent('Deposits to confirm3');
    expect(deposits).toHaveAttribute('href', '/funds/deposits');
    expect(screen.getByTestId('queue-withdrawals_pending')).toHaveAttribute(
      'href',
      '/funds/withdrawals',
    );
  });

  it('shows the orders awaiting the desk when the server counts them', async () => {
    mockApi({ 'GET /dashboard': ok({ queues: { orders_awaiting_desk: 4 } }) });
    renderWithProviders(<DashboardPage />);
    const desk = await screen.findByTestId('queue-orders_awaiting_desk');
    expect(desk).toHaveTextContent('Orders awaiting the desk4');
    expect(desk).toHaveAttribute('href', '/trading/desk');
  });
});
