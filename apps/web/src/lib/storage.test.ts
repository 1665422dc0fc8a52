import { afterEach, describe, expect, it, vi } from 'vitest';
import { M } from '@sampada/shared';
import { authStorage, isStorageSupported, warnIfStorageUnsupported } from './storage';

const tokens = (n: number) => ({
  access_token: `a${n}`,
  refresh_token: `r${n}`,
  token_type: 'Bearer' as const,
  expires_in: 900,
  refresh_expires_in: 1,
});

afterEach(() => vi.restoreAllMocks());

describe('authStorage (spec §3: Remember Me chooses the storage)', () => {
  it('keeps tokens in localStorage with Remember Me and in sessionStorage without', () => {
    authStorage.set(tokens(1), true);
    expect(authStorage.location()).toBe('local');
    authStorage.set(tokens(2), false);
    expect(authStorage.location()).toBe('session');
    expect(localStorage.getItem('sampada.auth')).toBeNull();
    expect(authStorage.get()?.access_token).toBe('a2');
  });

  it('writes refreshed tokens where the old ones were', () => {
    authStorage.set(tokens(1), true);
    authStorage.set(tokens(2));
    expect(authStorage.location()).toBe('local');
    expect(authStorage.get()?.refresh_token).toBe('r2');
  });

  it('clears both areas', () => {
    authStorage.set(tokens(1), true);
    sessionStorage.setItem('sampada.auth', JSON.stringify(tokens(2)));
    authStorage.clear();
    expect(authStorage.get()).toBeNull();
  });
});

/** As a browser with site data blocked: reading `window.localStorage` itself throws. */
const disableLocalStorage = () =>
  vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('disabled', 'SecurityError');
  });

describe('isStorageSupported', () => {
  it('is false when storage throws', () => {
    expect(isStorageSupported()).toBe(true);
    disableLocalStorage();
    expect(isStorageSupported()).toBe(false);
  });

  it("alerts 'Your browser does not support storage or it is disabled.' only then", () => {
    const alert = vi.fn();
    expect(warnIfStorageUnsupported(alert)).toBe(false);
    disableLocalStorage();
    expect(warnIfStorageUnsupported(alert)).toBe(true);
    expect(alert).toHaveBeenCalledWith(M.storageUnsupported);
  });
});
