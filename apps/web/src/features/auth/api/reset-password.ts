import { M, PHONE_CODE, md5 } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost, toastFailure } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';

/** Step 1: POST /client/app/v1/code with email = '+91' mobile and the advisor's code. */
export async function verifyResetCode({ mobile, code }: { mobile: string; code: string }) {
  return apiPost<{ reset_token: string }>(
    '/client/app/v1/code',
    { email: `${PHONE_CODE}${mobile}`, code },
    { skipAuth: true, silent: true },
  );
}

/** Step 2: POST /auth/app/v1/reset_pwd with the one-time reset token. */
export async function resetPassword(input: {
  mobile: string;
  password: string;
  resetToken: string;
}) {
  return apiPost<null>(
    '/auth/app/v1/reset_pwd',
    {
      username: `${PHONE_CODE}${input.mobile}`,
      password: md5(input.password),
      reset_token: input.resetToken,
    },
    { skipAuth: true, silent: true },
  );
}

export const useVerifyResetCode = () =>
  useMutation({
    mutationFn: verifyResetCode,
    onError: (error) => {
      console.error('Reset verification failed', error);
      toastFailure(M.resetVerifyFailed, error);
    },
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: resetPassword,
    onSuccess: () => toast({ type: 'success', message: M.resetSucceeded }),
    onError: (error) => {
      console.error('Password reset failed', error);
      toastFailure(M.resetFailed, error);
    },
  });
