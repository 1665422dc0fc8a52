import userEvent from '@testing-library/user-event';
/**
 * Required 2FA at sign-up and at a refresh (issue 32): when the server answers the enrolment
 * challenge instead of tokens, the client lands on the sign-in page's enrolment step, as after
 * a password.
 */
import type { TAuthData, TLoginChallenge } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, resetRefreshState } from '../../../lib/api-client';
import { appSettings } from '../../../lib/app-settings';
import { browser } from '../../../lib/session';
import { authStorage } from '../../../lib/storage';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { LoginPage } from './login-page';

const tokens: TAuthData = {
  access_token: 'a1',
  refresh_token: 'r1',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_expires_in: 2_592_000,
};

const challenge = (secondsLeft = 300): TLoginChallenge => ({
  challenge_token: 'c1',
  methods: ['totp'],
  expires_at: new Date(Date.now() + secondsLeft * 1000).toISOString(),
  enrolment: { secret: 'ABCDEFGHIJKLMNOP', otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:,' },
});

const REQUIRED_TEXT = /Your broker requires two-step verification/;

let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetAppState();
  resetRefreshState();
  sessionStorage.clear();
  localStorage.clear();
  appSettings.set((s) => ({ ...s, isLoggingOut: false }));
  go = vi.spyOn(browser, 'go').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the enrolment the firm requires', () => {
  it('a refresh answering the challenge ends the session and opens /login on the enrolment step', async () => {
    authStorage.set(tokens, true);
    mockApi({
      'GET /a': fail(401),
      'POST /auth/app/v1/refresh': ok(challenge()),
    });
    await expect(apiGet('/a')).rejects.toMatchObject({ kind: 'session' });
    expect(go).toHaveBeenCalledWith('/login');
    expect(authStorage.get()).toBeNull();
    // After the reload: the sign-in page shows the enrolment, with the new secret to scan.
    appSettings.set((s) => ({ ...s, isLoggingOut: false }));
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(await screen.findByText(REQUIRED_TEXT)).toBeInTheDocument();
    expect(screen.getByText('ABCD EFGH IJKL MNOP')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    // Kept while shown — a first render of /login before the reload must not take it from the
    // page the client then sees — and forgotten when the client leaves it for another account.
    expect(sessionStorage.getItem('sampada.pendingChallenge')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with another account' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('sampada.pendingChallenge')).toBeNull();
  });

  it('a second render of /login before the reload still shows the enrolment', async () => {
    authStorage.set(tokens, true);
    mockApi({
      'GET /a': fail(401),
      'POST /auth/app/v1/refresh': ok(challenge()),
    });
    await expect(apiGet('/a')).rejects.toMatchObject({ kind: 'session' });
    appSettings.set((s) => ({ ...s, isLoggingOut: false }));
    const first = renderWithProviders(<LoginPage />, { route: '/login' });
    expect(await screen.findByText(REQUIRED_TEXT)).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(await screen.findByText(REQUIRED_TEXT)).toBeInTheDocument();
  });

  it('a sign-up answering the challenge moves the page to the enrolment step', async () => {
    mockApi({ 'POST /auth/app/v1/register': ok(challenge()) });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign up your account now!' }));
    const form = within(await screen.findByRole('form', { name: 'Create your account' }));
    await user.type(await form.findByLabelText('Mobile number'), '9876543210');
    await user.type(form.getByLabelText('Password'), 'secret1');
    await user.type(form.getByLabelText('Confirm password'), 'secret1');
    await user.type(form.getByLabelText('Invitation code'), 'INV-7K2P');
    await user.click(form.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(REQUIRED_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(authStorage.get()).toBeNull();
  });

  it('an expired kept challenge is not shown: the password form is', async () => {
    sessionStorage.setItem(
      'sampada.pendingChallenge',
      JSON.stringify({ challenge: challenge(-1), remember: true }),
    );
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText(REQUIRED_TEXT)).not.toBeInTheDocument();
  });
});
