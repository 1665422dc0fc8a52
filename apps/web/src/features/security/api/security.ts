import { md5, type TClientSession, type TTotpEnrolment } from '@sampada/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiGet, apiPost, type TEnvelope } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export { totpStatusQuery } from '../../../lib/totp-status';

/** GET /client/app/v1/sessions: the client's live sessions, newest sign-in first. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.security.sessions,
    queryFn: () => apiGet<TClientSession[]>('/client/app/v1/sessions'),
  });

const refreshTotp = () => queryClient.invalidateQueries({ queryKey: queryKeys.security.totp });
const refreshSessions = () =>
  queryClient.invalidateQueries({ queryKey: queryKeys.security.sessions });

// The code and password steps show their refusal under the field: these calls are silent.
const quiet = { silent: true } as const;

/** Step 1 of turning 2FA on: the password again; answers a secret nothing uses yet. */
export const useStartTotp = () =>
  useMutation({
    mutationFn: (password: string) =>
      apiPost<TTotpEnrolment>('/client/app/v1/totp/enrol', { password: md5(password) }, quiet),
  });

/** Step 2: the first code from the app turns it on; answers the recovery codes, shown once. */
export const useConfirmTotp = () =>
  useMutation({
    mutationFn: async (code: string) =>
      (await apiPost<{ recovery_codes: string[] }>('/client/app/v1/totp/confirm', { code }, quiet))
        .recovery_codes,
    onSuccess: refreshTotp,
  });

export const useDisableTotp = () =>
  useMutation({
    mutationFn: (code: string) => apiPost<null>('/client/app/v1/totp/disable', { code }, quiet),
    onSuccess: refreshTotp,
  });

/** New recovery codes for a good code; the earlier ones stop working. */
export const useNewRecoveryCodes = () =>
  useMutation({
    mutationFn: async (code: string) =>
      (
        await apiPost<{ recovery_codes: string[] }>(
          '/client/app/v1/totp/recovery_codes',
          { code },
          quiet,
        )
      ).recovery_codes,
    onSuccess: refreshTotp,
  });

/** Ends one session: that device's tokens and open sockets stop at once. */
export const useEndSession = () =>
  useMutation({
    mutationFn: async (id: string) => {
      await api.delete<TEnvelope<null>>(`/client/app/v1/sessions/${encodeURIComponent(id)}`);
    },
    onSettled: refreshSessions,
  });

/** "Sign out all other devices"; answers how many ended. */
export const useEndOtherSessions = () =>
  useMutation({
    mutationFn: async () =>
      (await apiPost<{ ended: number }>('/client/app/v1/sessions/end_others')).ended,
    onSettled: refreshSessions,
  });
