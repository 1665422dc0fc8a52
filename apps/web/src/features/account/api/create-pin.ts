import { md5 } from '@sampada/shared';
import { apiPost } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';

/** POST /client/app/v1/pwd_verify: checked before a PIN may be set. */
export const verifyPassword = (password: string) =>
  apiPost<{ verified: boolean }>(
    '/client/app/v1/pwd_verify',
    { password: md5(password) },
    { silent: true },
  );

/** POST /client/app/v1/pin with the 6 digits as MD5. */
export async function createPin(pin: string) {
  await apiPost<null>('/client/app/v1/pin', { pin: md5(pin) }, { silent: true });
  await queryClient.invalidateQueries({ queryKey: profileQueryKey });
}
