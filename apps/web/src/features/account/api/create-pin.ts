import { M, md5 } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost, toastFailure } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /client/app/v1/pwd_verify: checked before a PIN may be set. */
export const verifyPassword = (password: string) =>
  apiPost<{ verified: boolean }>(
    '/client/app/v1/pwd_verify',
    { password: md5(password) },
    { silent: true },
  );

/** POST /client/app/v1/pin with the 6 digits as MD5; the profile then says it has a PIN. */
export async function createPin(pin: string) {
  await apiPost<null>('/client/app/v1/pin', { pin: md5(pin) }, { silent: true });
  await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
}

/** Step 1 of Set PIN: the form shows a refusal itself ('Incorrect password'). */
export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });

/** Step 2 of Set PIN: 'PIN has been set', or 'Failed to set PIN.' with the server's reason. */
export const useCreatePin = () =>
  useMutation({
    mutationFn: createPin,
    onSuccess: () => toast({ type: 'success', message: M.pinSet }),
    onError: (error) => {
      console.error('Set PIN failed', error);
      toastFailure(M.pinFailed, error);
    },
  });
