/**
 * Draining (main.ts's SIGTERM): /ready turns 503 at once while /live and the API still answer,
 * and from then on every answer closes its connection, so clients open a new one — to another
 * instance, behind a balancer — instead of reusing a socket the listener is about to close.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('a draining server', () => {
  it('keeps connections alive until it drains; then /ready is 503 and every answer says Connection: close', async () => {
    const before = await t.api.raw('/live');
    expect(before.headers.get('connection')).toBe('keep-alive');
    expect((await t.api.raw('/ready')).status).toBe(200);

    t.ctx.health.startDraining();
    const ready = await t.api.raw('/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    const live = await t.api.raw('/live');
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    const refused = await t.api.raw('/auth/app/v1/login', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('connection')).toBe('close');
  });
});
