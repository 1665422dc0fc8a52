import type { TStaffRole } from '@sampada/shared';
import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { session } from '../lib/session';

/** Signs a staff member with these roles into this tab (session.clear() undoes it). */
export const signInAs = (roles: TStaffRole[]) =>
  session.set({
    token: 'token',
    expires_at: '2099-01-01T00:00:00.000Z',
    idle_timeout_s: 1800,
    staff: { id: 'staff-1', email: 'desk@sampada.in', name: 'Desk', roles },
    recovery_codes_left: 10,
  });

/** Toasts live in a module-wide store: each test starts without the last one's. */
export const cleanNotifications = () => act(() => notifications.clean());
