import { M, md5 } from '@sampada/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { ForgotPasswordForm } from './forgot-password-form';

const setup = (onDone = vi.fn()) => ({
  onDone,
  ...renderWithProviders(<ForgotPasswordForm onDone={onDone} />, { route: '/login' }),
});

beforeEach(resetAppState);
afterEach(() => vi.restoreAllMocks());

async function verify(user: ReturnType<typeof setup>['user']) {
  await user.type(screen.getByLabelText('Mobile number'), '9876543210');
  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('ForgotPasswordForm (spec §2, §5, §8)', () => {
  it('step 1 validates the mobile and requires the code', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(M.mobileInvalid)).toBeInTheDocument();
    expect(screen.getByText(M.verificationCodeRequired)).toBeInTheDocument();
  });

  it("step 1 failure shows 'Verification failed. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'POST /client/app/v1/code': fail(
        400,
        'The code is wrong or has expired. Ask your advisor for a new code.',
      ),
    });
    const { user } = setup();
    await verify(user);
    expect(await screen.findByText(M.resetVerifyFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
  });

  it('step 2 validates the new password and its confirmation', async () => {
    mockApi({ 'POST /client/app/v1/code': ok({ reset_token: 't1' }) });
    const { user } = setup();
    await verify(user);
    const submit = await screen.findByRole('button', { name: 'Reset password' });
    await user.click(submit);
    expect(await screen.findByText(M.newPasswordMin)).toBeInTheDocument();
    expect(screen.getByText(M.confirmPasswordShort)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'abc12');
    await user.type(screen.getByLabelText('Confirm new password'), 'abc123');
    await user.click(submit);
    expect(await screen.findByText(M.newPasswordMin)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '4');
    await user.click(submit);
    expect(await screen.findByText(M.passwordsMustMatch)).toBeInTheDocument();
  });

  it("resets with the one-time token and says 'Password reset successfully.'", async () => {
    const { calls } = mockApi({
      'POST /client/app/v1/code': ok({ reset_token: 't1' }),
      'POST /auth/app/v1/reset_pwd': ok(null),
    });
    const { user, onDone } = setup();
    await verify(user);
    await user.type(await screen.findByLabelText('New password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(M.resetSucceeded)).toBeInTheDocument();
    expect(onDone).toHaveBeenCalled();
    expect(calls[0]!.body).toEqual({ email: '+919876543210', code: '123456' });
    expect(calls[1]!.body).toEqual({
      username: '+919876543210',
      password: md5('newpass1'),
      reset_token: 't1',
    });
  });

  it("reset failure shows 'Password reset failed. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'POST /client/app/v1/code': ok({ reset_token: 't1' }),
      'POST /auth/app/v1/reset_pwd': fail(
        400,
        'Your reset link has expired. Verify your mobile number again.',
      ),
    });
    const { user, onDone } = setup();
    await verify(user);
    await user.type(await screen.findByLabelText('New password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(M.resetFailed)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
