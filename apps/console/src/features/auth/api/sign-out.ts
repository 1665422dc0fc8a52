import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/** Ends this session, or every session of this staff member on every device. */
export const signOut = (everywhere: boolean) =>
  apiPost<null>(everywhere ? '/auth/sign-out-everywhere' : '/auth/sign-out');

export const useSignOut = () =>
  useMutation({ mutationFn: signOut, onSettled: () => session.clear('signed-out') });
