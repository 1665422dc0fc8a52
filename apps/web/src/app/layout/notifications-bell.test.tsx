import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/http';
import { renderWithProviders, resetAppState } from '../../test/render';
import { NotificationsBell } from './notifications-bell';

beforeEach(resetAppState);

describe('the notifications bell', () => {
  it('is the popup’s button itself, so the badge’s wrapper carries no popup state', async () => {
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 2 }),
      'GET /client/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const { user } = renderWithProviders(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    // A generic element may not carry aria-expanded (axe's aria-allowed-attr): only the button.
    expect([...document.querySelectorAll('[aria-expanded]')]).toEqual([bell]);
    await user.click(bell);
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'true'));
  });

  it('lists what happened to the client’s records beside fired alerts, each opening its record, and marks both read', async () => {
    const { calls } = mockApi({
      'GET /market/app/v1/notifications': ok({
        items: [
          {
            id: 'a1',
            symbol: 'INFY',
            name: 'Infosys',
            direction: 'above',
            price_paise: 150_000,
            status: 'triggered',
            created_at: '2026-11-27T04:00:00.000Z',
            triggered_at: '2026-11-27T05:00:00.000Z',
            triggered_price_paise: 150_500,
            read_at: null,
            message: 'INFY crossed above ₹1,500.00',
          },
        ],
        unread: 1,
      }),
      'GET /client/app/v1/notifications': ok({
        items: [
          {
            id: 'n1',
            kind: 'deposit.confirm',
            subject_type: 'deposit',
            subject_id: 'd1',
            created_at: '2026-11-28T05:00:00.000Z',
            read_at: null,
          },
          {
            id: 'n2',
            kind: 'loan.disburse',
            subject_type: 'loan',
            subject_id: 'l1',
            created_at: '2026-11-26T05:00:00.000Z',
            read_at: '2026-11-26T06:00:00.000Z',
          },
        ],
        unread: 1,
      }),
      'GET /market/app/v1/alerts': ok([]),
      'POST /market/app/v1/notifications/read': ok({ marked: 1 }),
      'POST /client/app/v1/notifications/read': ok({ marked: 1 }),
    });
    const { user } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const rows = await screen.findAllByTestId('notification');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Your deposit was credited to your account.'),
      expect.stringContaining('INFY crossed above'),
      expect.stringContaining('Your loan was disbursed to your account.'),
    ]);
    expect(rows[0]).toHaveAttribute('href', '/me/records');
    expect(rows[2]).toHaveAttribute('href', '/credit/loans/l1');
    expect(rows.map((r) => r.hasAttribute('data-unread'))).toEqual([true, true, false]);
    // The popover's opening transition never ends in jsdom (no transitionend), so its content
    // counts as hidden to role queries; the button is there all the same.
    await user.click(await screen.findByRole('button', { name: 'Mark all as read', hidden: true }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.method === 'POST')
          .map((c) => c.url)
          .sort(),
      ).toEqual(['/client/app/v1/notifications/read', '/market/app/v1/notifications/read']),
    );
  });
});
