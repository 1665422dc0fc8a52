import { M, type TAuthData } from '@sampada/shared';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../test/http';
import { apiGet, apiPost, resetRefreshState, setOfflineHandler } from './api-client';
import { appSettings } from './app-settings';
import { DEFAULT_LANGUAGE, setLanguage, translateMessage } from './i18n';
import { browser, takeFlash } from './session';
import { authStorage } from './storage';

const auth = (n: number): TAuthData => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  token_type: 'Bearer',
  expires_in: 900,
  refresh_expires_in: 2_592_000,
});

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([data]) => String(data.message));

let go: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  go = vi.spyOn(browser, 'go').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  resetRefreshState();
  appSettings.set((s) => ({ ...s, isLoggingOut: false }));
  authStorage.set(auth(1), true);
});

afterEach(() => vi.restoreAllMocks());

describe('envelope and error catalogue (spec §8)', () => {
  it('sends the access token and returns the data field of a 200', async () => {
    const { calls } = mockApi({ 'GET /auth/app/v1/client_info': ok({ id: 'u1' }) });
    await expect(apiGet('/auth/app/v1/client_info')).resolves.toEqual({ id: 'u1' });
    expect(calls[0]!.authorization).toBe('Bearer access-1');
  });

  it('shows the server message of a 400, or "Request failed." without one', async () => {
    mockApi({
      'POST /a': fail(400, 'Incorrect mobile number or password.'),
      'POST /b': { status: 400, body: {} },
    });
    await expect(apiPost('/a')).rejects.toThrow('Incorrect mobile number or password.');
    await expect(apiPost('/b')).rejects.toThrow(M.requestFailed);
    expect(toasts()).toEqual(['Incorrect mobile number or password.', M.requestFailed]);
  });

  it('shows a coded refusal to a Hindi reader in Hindi by its code, not by its English', async () => {
    // The English beside the code is worded differently from the table: only the code can match.
    mockApi({
      'POST /a': {
        status: 400,
        body: {
          code: 400,
          message: 'A password, please.',
          data: null,
          error_code: 'app.passwordRequired',
        },
      },
      'POST /b': {
        status: 400,
        body: {
          code: 400,
          message: 'A reason in the officer’s words.',
          data: null,
          error_code: 'bad_request',
        },
      },
    });
    await setLanguage('hi-IN');
    try {
      const coded = await apiPost('/a').catch((error: unknown) => error);
      expect(coded).toMatchObject({
        message: 'A password, please.',
        errorCode: 'app.passwordRequired',
      });
      expect(translateMessage(coded as Error)).toBe('पासवर्ड आवश्यक है');
      // A code this client has no words for shows the English it came with.
      await expect(apiPost('/b')).rejects.toThrow('A reason in the officer’s words.');
      expect(toasts()).toEqual(['पासवर्ड आवश्यक है', 'A reason in the officer’s words.']);
    } finally {
      await setLanguage(DEFAULT_LANGUAGE);
    }
  });

  it('treats another success status as a failure with the message or "Unknown error occurred"', async () => {
    mockApi({
      'GET /a': { status: 200, body: { code: 202, message: '', data: null } },
      'GET /b': { status: 201, body: { code: 201, message: 'Accepted for review', data: null } },
    });
    await expect(apiGet('/a')).rejects.toThrow(M.unknownError);
    await expect(apiGet('/b')).rejects.toThrow('Accepted for review');
  });

  it('names timeouts and network errors', async () => {
    mockApi({
      'GET /slow': { status: 0, error: 'timeout' },
      'GET /down': { status: 0, error: 'network' },
    });
    await expect(apiGet('/slow')).rejects.toThrow(M.requestTimeout);
    await expect(apiGet('/down')).rejects.toThrow(M.networkError);
    expect(toasts()).toEqual([M.requestTimeout, M.networkError]);
  });

  it('goes to /error when the browser is offline', async () => {
    const offline = vi.fn();
    setOfflineHandler(offline);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi({ 'GET /down': { status: 0, error: 'network' } });
    await expect(apiGet('/down')).rejects.toThrow(M.networkError);
    expect(offline).toHaveBeenCalledOnce();
    expect(toasts()).toEqual([]);
  });

  it('names a 429 with the seconds to wait from Retry-After, not the server wording', async () => {
    mockApi({
      'POST /a': {
        status: 429,
        headers: { 'retry-after': '17' },
        body: { code: 429, message: 'Too many requests. Please wait 17 seconds.', data: null },
      },
      'POST /b': { status: 429, body: {} },
    });
    await expect(apiPost('/a')).rejects.toMatchObject({
      message: 'Too many requests — try again in 17 s',
      kind: 'rate-limited',
      status: 429,
    });
    // Without a header the app assumes the limiter's one-minute window.
    await expect(apiPost('/b')).rejects.toThrow('Too many requests — try again in 60 s');
    expect(toasts()).toEqual([
      'Too many requests — try again in 17 s',
      'Too many requests — try again in 60 s',
    ]);
  });

  it('does not toast a silent request', async () => {
    mockApi({ 'GET /a': fail(400, 'nope') });
    await expect(apiGet('/a', { silent: true })).rejects.toThrow('nope');
    expect(toasts()).toEqual([]);
  });
});

describe('401 and the refresh queue (spec §4, §8)', () => {
  const expiredUnlessFresh =
    (data: unknown) => (config: { headers: { get: (k: string) => unknown } }) =>
      String(config.headers.get('Authorization')) === 'Bearer access-2'
        ? ok(data)
        : fail(401, 'Your session token has expired.');

  it('refreshes once for three concurrent 401s and retries all three with the new token', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { callsTo } = mockApi({
      'GET /a': expiredUnlessFresh('a'),
      'GET /b': expiredUnlessFresh('b'),
      'GET /c': expiredUnlessFresh('c'),
      'POST /auth/app/v1/refresh': async () => {
        await refreshGate;
        return ok(auth(2));
      },
    });
    const all = Promise.all([apiGet('/a'), apiGet('/b'), apiGet('/c')]);
    await vi.waitFor(() => expect(callsTo('POST /auth/app/v1/refresh')).toHaveLength(1));
    releaseRefresh();
    await expect(all).resolves.toEqual(['a', 'b', 'c']);
    expect(callsTo('POST /auth/app/v1/refresh')).toHaveLength(1);
    expect(callsTo('POST /auth/app/v1/refresh')[0]!.authorization).toBe('Bearer refresh-1');
    // No body at all (an empty body with a content type is refused by the server).
    expect(callsTo('POST /auth/app/v1/refresh')[0]!.body).toBeUndefined();
    expect(authStorage.get()?.access_token).toBe('access-2');
    // Remember Me was on: the new tokens stay in localStorage.
    expect(authStorage.location()).toBe('local');
  });

  it('retries without a second refresh when the 401 arrives after another request refreshed', async () => {
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowCalls = 0;
    const { callsTo } = mockApi({
      'GET /fast': expiredUnlessFresh('fast'),
      'GET /slow': async (config) => {
        slowCalls += 1;
        if (slowCalls === 1) {
          await slowGate;
          return fail(401);
        }
        return expiredUnlessFresh('slow')(config);
      },
      'POST /auth/app/v1/refresh': ok(auth(2)),
    });
    const slow = apiGet('/slow');
    await expect(apiGet('/fast')).resolves.toBe('fast');
    releaseSlow();
    await expect(slow).resolves.toBe('slow');
    expect(callsTo('POST /auth/app/v1/refresh')).toHaveLength(1);
    expect(callsTo('GET /slow').map((call) => call.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('logs out with "Session expired — please login again." when the refresh gets 401', async () => {
    mockApi({
      'GET /a': fail(401),
      'POST /auth/app/v1/refresh': fail(401, 'Your session has ended.'),
    });
    await expect(apiGet('/a')).rejects.toThrow(M.sessionExpiredDash);
    expect(authStorage.get()).toBeNull();
    expect(takeFlash()).toEqual({ type: 'error', message: M.sessionExpiredDash });
    expect(go).toHaveBeenCalledWith('/');
  });

  it('logs out with "Token refresh failed — please login again." when the refresh fails otherwise', async () => {
    mockApi({ 'GET /a': fail(401), 'POST /auth/app/v1/refresh': fail(500, 'boom') });
    await expect(apiGet('/a')).rejects.toThrow(M.tokenRefreshFailed);
    expect(takeFlash()?.message).toBe(M.tokenRefreshFailed);
  });

  it('logs out with "Session expired. Please log in again." when there is no refresh token', async () => {
    authStorage.clear();
    sessionStorage.setItem('sampada.auth', JSON.stringify({ access_token: 'x' }));
    const { callsTo } = mockApi({ 'GET /a': fail(401) });
    await expect(apiGet('/a')).rejects.toThrow(M.sessionExpired);
    expect(callsTo('POST /auth/app/v1/refresh')).toHaveLength(0);
    expect(takeFlash()?.message).toBe(M.sessionExpired);
  });

  it('gives up after 3 retries of the same request', async () => {
    let n = 1;
    const { callsTo } = mockApi({
      'GET /a': fail(401),
      'POST /auth/app/v1/refresh': () => ok(auth(++n)),
    });
    await expect(apiGet('/a')).rejects.toThrow(M.tooManyAttempts);
    expect(callsTo('GET /a')).toHaveLength(4);
    expect(callsTo('POST /auth/app/v1/refresh')).toHaveLength(3);
    expect(takeFlash()?.message).toBe(M.tooManyAttempts);
  });

  it('allows at most 3 refreshes in 60 seconds', async () => {
    let n = 1;
    const { callsTo } = mockApi({
      'GET /a': (config) =>
        String(config.headers.get('Authorization')) === `Bearer access-${n}` && config.retryCount
          ? ok('a')
          : fail(401),
      'POST /auth/app/v1/refresh': () => ok(auth(++n)),
    });
    await apiGet('/a');
    await apiGet('/a');
    await apiGet('/a');
    await expect(apiGet('/a')).rejects.toThrow(M.tooManyAttempts);
    expect(callsTo('POST /auth/app/v1/refresh')).toHaveLength(3);
  });
});
