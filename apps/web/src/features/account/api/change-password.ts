import { M, md5 } from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { apiPost } from '../../../lib/api-client';
import { endSession, endsSession } from '../../../lib/session';

/** POST /auth/app/v1/change_pwd with both passwords as MD5. */
export const changePassword = ({
  currentPassword,
  newPassword,
}: {
  currentPassword: string;
  newPassword: string;
}) =>
  endsSession(
    apiPost<null>('/auth/app/v1/change_pwd', {
      old_password: md5(currentPassword),
      new_password: md5(newPassword),
    }),
  );

/**
 * Success: 'Password changed successfully.' and a forced logout (the server has revoked
 * every session). Failure is only logged; the HTTP client shows the server's reason.
 */
export const useChangePassword = () =>
  useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      endSession({ flash: { type: 'success', message: M.passwordChanged }, to: paths.login }),
    onError: (error) => console.error('Change password failed', error),
  });
