import { M, PHONE_CODE, md5, type TLoginAnswer } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost, toastFailure } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { outcomeOf, type TLoginOutcome } from './login';

export interface TRegisterInput {
  mobile: string;
  password: string;
  invitationCode: string;
}

/**
 * POST /auth/app/v1/register: '+91' + mobile, MD5 password, invitation code. The server
 * signs the new client in at once; the session lasts for this tab (no Remember Me yet). While
 * the firm requires 2FA it answers the enrolment challenge instead, as sign-in does.
 */
export async function register({
  mobile,
  password,
  invitationCode,
}: TRegisterInput): Promise<TLoginOutcome> {
  const answer = await apiPost<TLoginAnswer>(
    '/auth/app/v1/register',
    { username: `${PHONE_CODE}${mobile}`, password: md5(password), invite_code: invitationCode },
    { skipAuth: true, silent: true },
  );
  return outcomeOf(answer, false);
}

export const useRegister = () =>
  useMutation({
    mutationFn: register,
    onSuccess: () => toast({ type: 'success', message: M.registrationSucceeded }),
    onError: (error) => {
      console.error('Registration failed', error);
      // The spec's message, with the server's reason (which code problem) underneath.
      toastFailure(M.registrationFailed, error);
    },
  });
