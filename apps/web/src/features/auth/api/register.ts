import { M, PHONE_CODE, md5, type TAuthData } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost, toastFailure } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { authStorage } from '../../../lib/storage';

export interface TRegisterInput {
  mobile: string;
  password: string;
  invitationCode: string;
}

/**
 * POST /auth/app/v1/register: '+91' + mobile, MD5 password, invitation code. The server
 * signs the new client in at once; the session lasts for this tab (no Remember Me yet).
 */
export async function register({
  mobile,
  password,
  invitationCode,
}: TRegisterInput): Promise<TAuthData> {
  const auth = await apiPost<TAuthData>(
    '/auth/app/v1/register',
    { username: `${PHONE_CODE}${mobile}`, password: md5(password), invite_code: invitationCode },
    { skipAuth: true, silent: true },
  );
  authStorage.set(auth, false);
  queryClient.removeQueries({ queryKey: queryKeys.profile });
  return auth;
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
