import { canonicalMobile, md5, type TAuthData, type TLoginForm } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/query-client';
import { authStorage } from '../../../lib/storage';

/**
 * POST /auth/app/v1/login with the password as MD5 (spec §3); Remember Me chooses
 * localStorage or sessionStorage for the tokens.
 */
export async function login({
  username,
  password,
  remember = false,
}: TLoginForm): Promise<TAuthData> {
  const auth = await apiPost<TAuthData>(
    '/auth/app/v1/login',
    { username: canonicalMobile(username) ?? username, password: md5(password) },
    { skipAuth: true },
  );
  authStorage.set(auth, remember);
  queryClient.removeQueries({ queryKey: queryKeys.profile });
  return auth;
}

export const useLogin = () =>
  useMutation({
    mutationFn: login,
    // Login failure is only logged (spec §8); the HTTP client shows the server's message.
    onError: (error) => console.error('Login failed', error),
  });
