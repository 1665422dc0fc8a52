import { greetingNameOf, toKycStatus, type TClientProfile, type TKycStatus } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from './api-client';
import { queryKeys } from './query-keys';
import { endSession } from './session';
import { greetingName } from './storage';

/** GET client_info: the profile, and the session check (spec §7). Errors are only logged. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profile,
    queryFn: async () => {
      const profile = await apiGet<TClientProfile>('/auth/app/v1/client_info', { silent: true });
      const kycStatus = toKycStatus(profile.kycStatus);
      const name = greetingNameOf(profile);
      if (name) greetingName.set(name);
      else greetingName.clear();
      return { ...profile, kycStatus };
    },
  });

export const useProfile = () => useQuery(profileQueryOptions());

export const isKycApproved = (status: TKycStatus | undefined) => status === 'approved';

/**
 * Signs out on the server (best effort), then clears this device and reloads (spec §4).
 */
export async function logout() {
  try {
    await apiPost<null>('/auth/app/v1/logout', undefined, { silent: true });
  } catch (error) {
    console.error('Logout request failed', error);
  }
  endSession();
}
