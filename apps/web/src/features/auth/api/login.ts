import {
  canonicalMobile,
  md5,
  type TAuthData,
  type TLoginAnswer,
  type TLoginChallenge,
  type TLoginForm,
  type TLoginVerified,
} from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/query-client';
import { forgetPendingChallenge, pendingChallenge } from '../../../lib/session';
import { authStorage } from '../../../lib/storage';

/** What the password step ends in: signed in, or a second factor owed (issue 32). */
export type TLoginOutcome =
  { kind: 'signed-in' } | { kind: 'challenge'; challenge: TLoginChallenge; remember: boolean };
export type TChallengeOutcome = Extract<TLoginOutcome, { kind: 'challenge' }>;

const isChallenge = (answer: TLoginAnswer): answer is TLoginChallenge =>
  'challenge_token' in answer;

function keep(auth: TAuthData, remember: boolean) {
  // Signed in: a challenge a refresh left for the sign-in page is answered or moot.
  forgetPendingChallenge();
  authStorage.set(auth, remember);
  queryClient.removeQueries({ queryKey: queryKeys.profile });
}

/**
 * Sign-in, sign-up and a refresh all answer either tokens (kept) or a challenge (nothing kept
 * yet: the second step, or while the firm requires 2FA, the enrolment).
 */
export function outcomeOf(answer: TLoginAnswer, remember: boolean): TLoginOutcome {
  if (isChallenge(answer)) return { kind: 'challenge', challenge: answer, remember };
  keep(answer, remember);
  return { kind: 'signed-in' };
}

/** The challenge a refresh answered before the reload to /login (lib/session.ts), if any. */
export function pendingOutcome(): TChallengeOutcome | undefined {
  const pending = pendingChallenge();
  return pending ? { kind: 'challenge', ...pending } : undefined;
}

/**
 * POST /auth/app/v1/login with the password as MD5 (spec §3); Remember Me chooses
 * localStorage or sessionStorage for the tokens. With a second factor on (or required by the
 * firm) the server answers a challenge instead, and nothing is stored yet.
 */
export async function login({
  username,
  password,
  remember = false,
}: TLoginForm): Promise<TLoginOutcome> {
  const answer = await apiPost<TLoginAnswer>(
    '/auth/app/v1/login',
    { username: canonicalMobile(username) ?? username, password: md5(password) },
    { skipAuth: true },
  );
  return outcomeOf(answer, remember);
}

/**
 * Step two: POST /auth/app/v1/login/verify with a TOTP or a recovery code. After a required
 * first enrolment the answer carries the recovery codes; they are returned to be shown once.
 */
export async function verifyLogin(input: {
  challengeToken: string;
  code: string;
  remember: boolean;
}): Promise<string[] | undefined> {
  const { recovery_codes, ...auth } = await apiPost<TLoginVerified>(
    '/auth/app/v1/login/verify',
    { challenge_token: input.challengeToken, code: input.code.trim() },
    { skipAuth: true, silent: true },
  );
  keep(auth, input.remember);
  return recovery_codes;
}

export const useLogin = () =>
  useMutation({
    mutationFn: login,
    // Login failure is only logged (spec §8); the HTTP client shows the server's message.
    onError: (error) => console.error('Login failed', error),
  });

/** The second step's refusals are shown under the code field, not as toasts. */
export const useVerifyLogin = () => useMutation({ mutationFn: verifyLogin });
