import { M, md5 } from '@sampada/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { RegisterForm } from './register-form';

const tokens = {
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_expires_in: 9,
};

const enrolment = {
  challenge_token: 'c1',
  methods: ['totp'],
  expires_at: new Date(Date.now() + 300_000).toISOString(),
  enrolment: { secret: 'ABCDEFGHIJKLMNOP', otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:,' },
};

const setup = (onDone = vi.fn(), onChallenge = vi.fn()) => ({
  onDone,
  onChallenge,
  ...renderWithProviders(<RegisterForm onDone={onDone} onChallenge={onChallenge} />, {
    route: '/login',
  }),
});

const fillIn = async (user: ReturnType<typeof setup>['user']) => {
  await user.type(screen.getByLabelText('Mobile number'), '9876543210');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret1');
  await user.type(screen.getByLabelText('Invitation code'), 'INV-7K2P');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
};

beforeEach(resetAppState);
afterEach(() => vi.restoreAllMocks());

describe('RegisterForm (spec §5 Registration, §8)', () => {
  it('shows every required message', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(M.mobileRequired)).toBeInTheDocument();
    expect(screen.getByText(M.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(M.confirmPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(M.inviteCodeRequired)).toBeInTheDocument();
  });

  it('rejects a mobile that is not 10 digits starting 6-9, a short password and a mismatch', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Mobile number'), '5876543210');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Confirm password'), '12346');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(M.mobileInvalid)).toBeInTheDocument();
    expect(screen.getByText(M.passwordMin)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(M.passwordsMustMatch)).toBeInTheDocument();
  });

  it('trims inputs, sends +91, MD5 and the invitation code, then goes to KYC', async () => {
    const { calls } = mockApi({ 'POST /auth/app/v1/register': ok(tokens) });
    const { user, onDone } = setup();
    await user.type(screen.getByLabelText('Mobile number'), ' 9876543210 ');
    await user.type(screen.getByLabelText('Password'), 'secret1 ');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.type(screen.getByLabelText('Invitation code'), ' INV-7K2P ');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(M.registrationSucceeded)).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      username: '+919876543210',
      password: md5('secret1'),
      invite_code: 'INV-7K2P',
    });
    expect(onDone).toHaveBeenCalled();
    expect(await screen.findByTestId('location')).toHaveTextContent('/kyc');
    expect(sessionStorage.getItem('sampada.auth')).not.toBeNull();
  });

  it('while the firm requires 2FA, hands the enrolment challenge on and keeps no tokens', async () => {
    mockApi({ 'POST /auth/app/v1/register': ok(enrolment) });
    const { user, onDone, onChallenge } = setup();
    await fillIn(user);
    await waitFor(() => expect(onChallenge).toHaveBeenCalled());
    expect(onChallenge).toHaveBeenCalledWith({
      kind: 'challenge',
      challenge: enrolment,
      remember: false,
    });
    expect(onDone).toHaveBeenCalled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('sampada.auth')).toBeNull();
  });

  it("shows 'Registration failed. Please try again.' with the server's reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'POST /auth/app/v1/register': fail(
        400,
        'This invitation code has already been used. Ask your advisor for a new one.',
      ),
    });
    const { user, onDone } = setup();
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.type(screen.getByLabelText('Invitation code'), 'USED01');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(M.registrationFailed)).toBeInTheDocument();
    expect(
      screen.getByText(
        'This invitation code has already been used. Ask your advisor for a new one.',
      ),
    ).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
