import { redirect } from 'react-router';
import { DEFAULT_LANDING, paths } from '../config/paths';
import { isApiError, isRateLimited } from '../lib/api-client';
import { isKycApproved, profileQueryOptions } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { hasSession } from '../lib/session';
import { STORAGE_KEYS, sessionValue } from '../lib/storage';
import { ensureMenuRoutes } from './menu-routes';

/** Loads the profile for a guard; a failure means the session cannot be verified. */
async function verifiedProfile() {
  try {
    return await queryClient.ensureQueryData(profileQueryOptions());
  } catch (error) {
    console.error('Profile check failed', error);
    if (isApiError(error) && error.kind === 'offline') throw redirect(paths.error);
    // Over the per-IP limit the session is fine: the error screen says how long to wait.
    if (isRateLimited(error)) throw error;
    return null;
  }
}

/** The route to return to when an approved user opens /kyc (spec §2). */
export const lastRoute = {
  get: () => sessionValue.get<string>(STORAGE_KEYS.lastRoute),
  set: (path: string) => sessionValue.set(STORAGE_KEYS.lastRoute, path),
};

/**
 * Layout guard (spec §2 Navigation rules): signed out or unverifiable → /login; KYC not
 * approved → /kyc. The menu routes are loaded on this first protected navigation, once.
 */
export async function protectedLoader() {
  if (!hasSession()) throw redirect(paths.login);
  // The menu is fetched alongside the profile check; its failures are only logged.
  const [profile] = await Promise.all([verifiedProfile(), ensureMenuRoutes()]);
  if (!profile) throw redirect(paths.login);
  if (!isKycApproved(profile.kycStatus)) throw redirect(paths.kyc);
  return null;
}

/** /kyc: signed-in users whose KYC is not approved; approved users go back. */
export async function kycLoader() {
  if (!hasSession()) throw redirect(paths.login);
  const profile = await verifiedProfile();
  if (!profile) throw redirect(paths.login);
  if (isKycApproved(profile.kycStatus)) throw redirect(lastRoute.get() ?? DEFAULT_LANDING);
  return null;
}

/** /login: a signed-in user goes to /kyc or /dashboard instead. */
export async function loginLoader() {
  if (!hasSession()) return null;
  const profile = await verifiedProfile();
  if (!profile) return null;
  throw redirect(isKycApproved(profile.kycStatus) ? DEFAULT_LANDING : paths.kyc);
}
