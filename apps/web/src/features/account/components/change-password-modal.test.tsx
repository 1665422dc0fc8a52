import { M, md5 } from '@sampada/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appSettings } from '../../../lib/app-settings';
import { browser, takeFlash } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { ChangePasswordModal } from './change-password-modal';

beforeEach(() => {
  resetAppState();
  appSettings.set((s) => ({ ...s, isLoggingOut: false }));
});
afterEach(() => vi.restoreAllMocks());

async function fill(
  user: ReturnType<typeof renderWithProviders>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordModal (spec §5, §8)', () => {
  it('shows every required message', async () => {
    const { user } = renderWithProviders(<ChangePasswordModal />);
    await fill(user, '', '', '');
    expect(await screen.findByText(M.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(M.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(M.confirmYourPassword)).toBeInTheDocument();
  });

  it('needs 6 characters and a matching confirmation', async () => {
    const { user } = renderWithProviders(<ChangePasswordModal />);
    await fill(user, 'old-pass', 'abc', 'abd');
    expect(await screen.findByText(M.newPasswordMin)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'defg');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(M.passwordsMustMatch)).toBeInTheDocument();
  });

  it("sends both passwords as MD5, then 'Password changed successfully.' and a forced logout", async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { calls } = mockApi({ 'POST /auth/app/v1/change_pwd': ok(null) });
    localStorage.setItem('sampada.auth', JSON.stringify({ access_token: 'a', refresh_token: 'r' }));
    const { user } = renderWithProviders(<ChangePasswordModal />);
    await fill(user, 'old-pass', 'new-pass', 'new-pass');
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/login'));
    expect(calls[0]!.body).toEqual({
      old_password: md5('old-pass'),
      new_password: md5('new-pass'),
    });
    expect(localStorage.getItem('sampada.auth')).toBeNull();
    expect(takeFlash()).toEqual({ type: 'success', message: M.passwordChanged });
  });

  it('on failure only logs, while the server reason is shown and the session stays', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    mockApi({ 'POST /auth/app/v1/change_pwd': fail(400, 'Current password is incorrect.') });
    const { user } = renderWithProviders(<ChangePasswordModal />);
    await fill(user, 'wrong-1', 'new-pass', 'new-pass');
    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });
});
