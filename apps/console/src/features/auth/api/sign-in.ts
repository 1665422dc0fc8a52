import {
  md5,
  type TSignInChallenge,
  type TStaffSession,
  type TStaffSignInForm,
} from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/** Step one: email and password (sent as MD5, like the client app). */
export const signIn = async (form: TStaffSignInForm) =>
  (
    await apiPost<TSignInChallenge>('/auth/sign-in', {
      email: form.email,
      password: md5(form.password),
    })
  ).data;

export const useSignIn = () => useMutation({ mutationFn: signIn });

/** Step two: a TOTP code or a recovery code; on success the session starts. */
export const verifySecondFactor = async (input: {
  challenge_token: string;
  code?: string;
  recovery_code?: string;
}) => (await apiPost<TStaffSession>('/auth/verify', input)).data;

export const useVerifySecondFactor = () =>
  useMutation({ mutationFn: verifySecondFactor, onSuccess: (data) => session.set(data) });
