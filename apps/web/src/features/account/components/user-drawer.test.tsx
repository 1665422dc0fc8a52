import { M, type TClientProfile } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appSettings } from '../../../lib/app-settings';
import { queryKeys } from '../../../lib/query-keys';
import { drawerStore } from '../../../lib/drawers';
import { queryClient } from '../../../lib/query-client';
import { browser } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { UserDrawer } from './user-drawer';

const profile: TClientProfile = {
  id: 'C100234',
  name: 'Asha Rao',
  username: '+919876543210',
  account: 'SMP100234',
  avatar: null,
  vip: 2,
  score: 72,
  order_num: 3,
  has_pin: false,
  allow_compensation: false,
  allow_bonus: false,
  allow_loan: false,
  service: null,
  kycStatus: 'approved',
  verified: true,
};

/** The drawer as the header holds it; a Reopen button opens it again, as the avatar does. */
function Harness() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Reopen
      </button>
      <UserDrawer opened={opened} onClose={() => setOpened(false)} fullWidth={false} />
    </>
  );
}

const setup = () => renderWithProviders(<Harness />, { route: '/dashboard' });

beforeEach(() => {
  resetAppState();
  drawerStore.set({ open: null });
  appSettings.set((s) => ({ ...s, isLoggingOut: false }));
  queryClient.setQueryData(queryKeys.profile, profile);
});
afterEach(() => vi.restoreAllMocks());

describe('UserDrawer (spec §2 "Header and user drawer")', () => {
  it('shows who is signed in, UID, VIP, score and the version footer', () => {
    setup();
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('+919876543210')).toBeInTheDocument();
    expect(screen.getByTestId('drawer-uid')).toHaveTextContent('C100234');
    expect(screen.getByText('VIP 2')).toBeInTheDocument();
    expect(screen.getByText('72 / 100')).toBeInTheDocument();
    expect(screen.getByTestId('drawer-version')).toHaveTextContent(/^Version 3\.1\.3229$/);
  });

  it("copies the UID and says 'UID has copied'", async () => {
    const { user } = setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Copy UID' }));
    expect(writeText).toHaveBeenCalledWith('C100234');
    expect(await screen.findByText('UID has copied')).toBeInTheDocument();
  });

  it("says 'Copy failed! Please try manually.' when the clipboard refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy UID' }));
    expect(await screen.findByText(M.copyFailed)).toBeInTheDocument();
  });

  it('groups Profile (Update Avatar, View KYC) and Security (Set PIN, Change Password)', async () => {
    const { user } = setup();
    await user.click(screen.getByText('Profile'));
    expect(await screen.findByText('Update Avatar')).toBeInTheDocument();
    expect(screen.getByText('View KYC')).toBeInTheDocument();
    await user.click(screen.getByText('Security'));
    expect(await screen.findByText('Set PIN')).toBeInTheDocument();
    expect(screen.getByText('Change Password')).toBeInTheDocument();
  });

  it('opens the modals on the shared stack', async () => {
    mockApi({ 'GET /identify/app/v1/detail': ok(null) });
    const { user } = setup();
    await user.click(screen.getByText('Security'));
    await user.click(await screen.findByText('Change Password'));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    expect(await within(dialog).findByLabelText('Current password')).toBeInTheDocument();
  });

  it('opens the Deposit and Withdraw drawers and the Customer Service panel', async () => {
    const { user } = setup();
    // Each choice closes the user drawer; the client opens it again for the next one (clicking
    // a drawer that is closing raced its unmounting on a loaded box, in CI on 2026-12-01).
    const reopened = async () => {
      await waitFor(() => expect(screen.queryByText('Customer Service')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Reopen' }));
      await screen.findByText('Customer Service');
      return within(screen.getByTestId('user-drawer'));
    };
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await vi.waitFor(() => expect(drawerStore.get().open).toBe('deposit'));
    await user.click((await reopened()).getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(drawerStore.get().open).toBe('withdraw'));
    await user.click((await reopened()).getByText('Customer Service'));
    await vi.waitFor(() => expect(drawerStore.get().open).toBe('support'));
  });

  it('goes to /me#bank-section once the drawer has finished closing', async () => {
    const { user } = setup();
    await user.click(screen.getByText('Bank Accounts'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/me#bank-section');
  });

  it("asks 'Are you sure you want to log out now?' and logs out on Confirm", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const { calls } = mockApi({ 'POST /auth/app/v1/logout': ok(null) });
    localStorage.setItem('sampada.auth', JSON.stringify({ access_token: 'a', refresh_token: 'r' }));
    const { user } = setup();
    await user.click(screen.getByText('Logout'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(within(dialog).getByText(M.logoutConfirm)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.map((c) => c.url)).toContain('/auth/app/v1/logout');
    expect(localStorage.getItem('sampada.auth')).toBeNull();
    expect(queryClient.getQueryData(queryKeys.profile)).toBeUndefined();
  });
});
