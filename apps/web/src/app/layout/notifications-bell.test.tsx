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
});
