import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, CanceledError, createHttpClient, HttpError, isCancel } from './http';

/** Replaces fetch; the handler sees the URL and init the adapter built. */
function stubFetch(handler: (url: string, init: RequestInit) => Promise<Response>) {
  const spy = vi.fn(handler);
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** A fetch that never answers until its signal aborts it, as a hung connection. */
const hanging = (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) =>
    init.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    ),
  );

const client = () =>
  createHttpClient({
    baseURL: '/',
    timeout: 1000,
    withCredentials: true,
    headers: { Accept: 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the fetch-based HTTP client', () => {
  it('leaves null and undefined params out and repeats arrays as key[]', () => {
    expect(
      buildUrl({
        baseURL: '/',
        url: '/a/b',
        params: { x: 1, y: undefined, z: null, s: 'a b&c', list: ['p', 'q'] },
      }),
    ).toBe('/a/b?x=1&s=a+b%26c&list%5B%5D=p&list%5B%5D=q');
    expect(buildUrl({ baseURL: '/', url: 'c?d=1', params: { e: 2 } })).toBe('/c?d=1&e=2');
  });

  it('sends a plain object as JSON with its content type, cookies and the default headers', async () => {
    const spy = stubFetch(async () => Response.json({ code: 200, data: 'ok' }));
    const response = await client().post('/x', { a: 1 }, { headers: { 'Idempotency-Key': 'k' } });
    const [url, init] = spy.mock.calls[0]!;
    const headers = init.headers as Headers;
    expect(url).toBe('/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.credentials).toBe('include');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('idempotency-key')).toBe('k');
    expect(response.data).toEqual({ code: 200, data: 'ok' });
    expect(response.status).toBe(200);
  });

  it('sends no body and no content type when there is no payload, and FormData as it is', async () => {
    const spy = stubFetch(async () => new Response(''));
    const response = await client().post('/x');
    expect(spy.mock.calls[0]![1].body).toBeUndefined();
    expect((spy.mock.calls[0]![1].headers as Headers).has('content-type')).toBe(false);
    expect(response.data).toBe('');
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    await client().post('/upload', form);
    expect(spy.mock.calls[1]![1].body).toBe(form);
    expect((spy.mock.calls[1]![1].headers as Headers).has('content-type')).toBe(false);
  });

  it('rejects a status outside 2xx with the parsed response and lower-case headers', async () => {
    stubFetch(async () =>
      Response.json(
        { code: 429, message: 'slow down' },
        { status: 429, headers: { 'Retry-After': '7' } },
      ),
    );
    const error = await client()
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError<{ message: string }>;
    expect(http.code).toBe(HttpError.ERR_BAD_REQUEST);
    expect(http.response?.status).toBe(429);
    expect(http.response?.data.message).toBe('slow down');
    expect(http.response?.headers['retry-after']).toBe('7');
    expect(http.config?.url).toBe('/x');
  });

  it('fails with ECONNABORTED when the timeout passes, and ERR_NETWORK when fetch fails', async () => {
    vi.useFakeTimers();
    stubFetch(hanging);
    const pending = client()
      .get('/slow', { timeout: 50 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60);
    expect((await pending) as HttpError).toMatchObject({ code: HttpError.ECONNABORTED });
    vi.useRealTimers();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await client()
      .get('/down')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: HttpError.ERR_NETWORK, response: undefined });
  });

  it("rejects with a CanceledError when the caller's signal fires", async () => {
    stubFetch(hanging);
    const controller = new AbortController();
    const pending = client()
      .get('/x', { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(CanceledError);
    expect(isCancel(error)).toBe(true);
  });

  it('runs request interceptors before the adapter and routes their failures to the error handlers', async () => {
    stubFetch(async (_url, init) =>
      Response.json({ key: (init.headers as Headers).get('x-api-key') }),
    );
    const http = client();
    http.interceptors.request.use(async (config) => {
      config.headers.set('X-API-KEY', 'secret');
      return config;
    });
    expect((await http.get<{ key: string }>('/k')).data.key).toBe('secret');

    const failing = client();
    failing.interceptors.request.use(() => Promise.reject(new Error('no key')));
    const seen: unknown[] = [];
    failing.interceptors.response.use(undefined, (error) => {
      seen.push(error);
      throw error;
    });
    await expect(failing.get('/k')).rejects.toThrow('no key');
    expect(seen).toHaveLength(1);
  });

  it('starts each request in a task of its own where the browser schedules tasks', async () => {
    const tasks: Array<() => void> = [];
    vi.stubGlobal('scheduler', {
      postTask: (callback: () => unknown) =>
        new Promise((resolve) => tasks.push(() => resolve(callback()))),
    });
    const fetchSpy = stubFetch(async () => Response.json({ ok: true }));
    const http = client();
    const answers = [http.get('/one'), http.get('/two')];
    await vi.waitFor(() => expect(tasks).toHaveLength(2));
    expect(fetchSpy).not.toHaveBeenCalled();
    tasks.shift()!();
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    tasks.shift()!();
    await expect(Promise.all(answers)).resolves.toHaveLength(2);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('does not start a request whose signal fired while it waited for its task', async () => {
    let runTask: (() => void) | undefined;
    vi.stubGlobal('scheduler', {
      postTask: (callback: () => unknown) =>
        new Promise((resolve) => (runTask = () => resolve(callback()))),
    });
    const fetchSpy = stubFetch(async () => Response.json({ ok: true }));
    const controller = new AbortController();
    const answer = client().get('/late', { signal: controller.signal });
    await vi.waitFor(() => expect(runTask).toBeDefined());
    controller.abort();
    runTask!();
    await expect(answer).rejects.toBeInstanceOf(CanceledError);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
