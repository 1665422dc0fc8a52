import type { TClientProfile } from '@sampada/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { authStorage } from '../lib/storage';
import { fail, mockApi, ok } from '../test/http';
import { kycLoader, lastRoute, loginLoader, protectedLoader } from './guards';
import { resetMenuRoutes } from './menu-routes';

const profile = (kycStatus: string) =>
  ({ id: 'C1', username: '+919876543210', kycStatus }) as unknown as TClientProfile;
const signIn = () =>
  authStorage.set(
    {
      access_token: 'a',
      refresh_token: 'r',
      token_type: 'Bearer',
      expires_in: 1,
      refresh_expires_in: 1,
    },
    false,
  );

/** The redirect a loader threw, or null when it let the route render. */
async function outcome(loader: () => Promise<unknown>): Promise<string | null> {
  try {
    await loader();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

beforeEach(() => {
  queryClient.clear();
  resetMenuRoutes();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('navigation rules (spec §2)', () => {
  it('sends signed-out users to /login and lets them see /login', async () => {
    expect(await outcome(protectedLoader)).toBe('/login');
    expect(await outcome(kycLoader)).toBe('/login');
    expect(await outcome(loginLoader)).toBeNull();
  });

  it('sends users whose profile cannot be verified to /login', async () => {
    signIn();
    mockApi({ 'GET /auth/app/v1/client_info': fail(500, 'boom') });
    expect(await outcome(protectedLoader)).toBe('/login');
    queryClient.clear();
    expect(await outcome(loginLoader)).toBeNull();
  });

  it('forces users whose KYC is not approved to /kyc', async () => {
    signIn();
    for (const status of ['unverified', 'pending', 'rejected', 'something-else']) {
      queryClient.clear();
      mockApi({ 'GET /auth/app/v1/client_info': ok(profile(status)) });
      expect(await outcome(protectedLoader)).toBe('/kyc');
      queryClient.clear();
      expect(await outcome(kycLoader)).toBeNull();
      queryClient.clear();
      expect(await outcome(loginLoader)).toBe('/kyc');
    }
  });

  it('lets approved users in, loads the menu once, and sends them away from /kyc and /login', async () => {
    signIn();
    const { callsTo } = mockApi({
      'GET /auth/app/v1/client_info': ok(profile('approved')),
      'GET /auth/app/v1/menu': ok([]),
    });
    expect(await outcome(protectedLoader)).toBeNull();
    expect(await outcome(protectedLoader)).toBeNull();
    expect(callsTo('GET /auth/app/v1/menu')).toHaveLength(1);
    expect(await outcome(loginLoader)).toBe('/dashboard');
    expect(await outcome(kycLoader)).toBe('/dashboard');
    lastRoute.set('/portfolio/holding');
    expect(await outcome(kycLoader)).toBe('/portfolio/holding');
  });
});
