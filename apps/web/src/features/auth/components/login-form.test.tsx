import { M, md5 } from '@sampada/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LANDING } from '../../../config/paths';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { LoginForm } from './login-form';

const tokens = {
  access_token: 'a1',
  refresh_token: 'r1',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_expires_in: 2592000,
};

const setup = () =>
  renderWithProviders(
    <LoginForm onForgotPassword={vi.fn()} onSignUp={vi.fn()} onChallenge={vi.fn()} />,
    { route: '/login' },
  );

beforeEach(resetAppState);
afterEach(() => vi.restoreAllMocks());

describe('LoginForm (spec §2, §5)', () => {
  it('requires username and password', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(M.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(M.passwordRequired)).toBeInTheDocument();
  });

  it('trims the username as it is typed', async () => {
    const { user } = setup();
    const mobile = screen.getByLabelText('Mobile number');
    await user.type(mobile, ' 98765 ');
    expect(mobile).toHaveValue('98765');
  });

  it('sends +91 mobile and MD5 password, keeps tokens in sessionStorage without Remember Me', async () => {
    const { calls } = mockApi({ 'POST /auth/app/v1/login': ok(tokens) });
    const { user } = setup();
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(DEFAULT_LANDING);
    expect(calls[0]!.body).toEqual({ username: '+919876543210', password: md5('secret1') });
    expect(JSON.parse(sessionStorage.getItem('sampada.auth')!)).toMatchObject({
      refresh_token: 'r1',
    });
    expect(localStorage.getItem('sampada.auth')).toBeNull();
  });

  it('keeps tokens in localStorage with Remember Me', async () => {
    mockApi({ 'POST /auth/app/v1/login': ok(tokens) });
    const { user } = setup();
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByLabelText('Remember Me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('location');
    expect(JSON.parse(localStorage.getItem('sampada.auth')!)).toMatchObject({ access_token: 'a1' });
    expect(sessionStorage.getItem('sampada.auth')).toBeNull();
  });

  it('stays on the page and shows the server message when sign-in fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /auth/app/v1/login': fail(400, 'Incorrect mobile number or password.') });
    const { user } = setup();
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'wrong-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect mobile number or password.')).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('sampada.auth')).toBeNull();
  });
});
