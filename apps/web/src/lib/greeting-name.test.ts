/**
 * The name Home greets a returning client with, kept on the device for the static copy of
 * /dashboard (decision 005, fourth pass): beside the tokens, only for an approved client, and
 * gone with the session.
 */
import type { TClientProfile } from '@sampada/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../test/http';
import { profileQueryOptions } from './auth';
import { queryClient } from './query-client';
import { authStorage, greetingName } from './storage';

const tokens = {
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'Bearer' as const,
  expires_in: 900,
  refresh_expires_in: 1,
};
const profile = (kycStatus: string, name = '') =>
  ({ id: 'C1', username: '+919876543210', name, kycStatus }) as unknown as TClientProfile;
const loadProfile = () => queryClient.fetchQuery(profileQueryOptions());

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the greeting name a device keeps', () => {
  it('is written when an approved client’s profile loads, in the storage that holds the tokens', async () => {
    authStorage.set(tokens, true);
    mockApi({ 'GET /auth/app/v1/client_info': ok(profile('approved', 'Priya Sharma')) });
    await loadProfile();
    expect(JSON.parse(localStorage.getItem('sampada.greetingName')!)).toBe('Priya Sharma');
    expect(sessionStorage.getItem('sampada.greetingName')).toBeNull();

    // Without Remember Me the tokens end with the tab, and so does the name.
    authStorage.set(tokens, false);
    queryClient.clear();
    await loadProfile();
    expect(sessionStorage.getItem('sampada.greetingName')).not.toBeNull();
    expect(localStorage.getItem('sampada.greetingName')).toBeNull();
  });

  it('falls back to the username, as the greeting does, before KYC gives a name', async () => {
    authStorage.set(tokens, true);
    mockApi({ 'GET /auth/app/v1/client_info': ok(profile('approved')) });
    await loadProfile();
    expect(greetingName.get()).toBe('+919876543210');
  });

  it('is dropped for a client whose KYC is not approved (they do not land on Home)', async () => {
    authStorage.set(tokens, true);
    greetingName.set('Priya Sharma');
    mockApi({ 'GET /auth/app/v1/client_info': ok(profile('rejected', 'Priya Sharma')) });
    await loadProfile();
    expect(greetingName.get()).toBeNull();
  });

  it('is never written without a session, and goes when the tokens are cleared', () => {
    greetingName.set('Priya Sharma');
    expect(greetingName.get()).toBeNull();
    authStorage.set(tokens, true);
    greetingName.set('Priya Sharma');
    authStorage.clear();
    expect(greetingName.get()).toBeNull();
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });
});
