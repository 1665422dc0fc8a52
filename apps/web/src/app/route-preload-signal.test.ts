/**
 * The router is created once the route-preload has put in its links (else its first lazy route
 * adds the missing ones itself, ~80 on Home in one long task), and never waits on a page the
 * route-preload is not working on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ROUTE_PRELOAD_DONE,
  ROUTE_PRELOAD_STATE,
  routePreloadFinished,
} from './route-preload-signal';

const state = self as unknown as Record<string, unknown>;
afterEach(() => void delete state[ROUTE_PRELOAD_STATE]);

describe('routePreloadFinished', () => {
  it('waits while the route-preload is adding its links, and ends when it says done', async () => {
    state[ROUTE_PRELOAD_STATE] = 'adding';
    let finished = false;
    const waiting = routePreloadFinished().then(() => (finished = true));
    await Promise.resolve();
    expect(finished).toBe(false);
    state[ROUTE_PRELOAD_STATE] = 'done';
    dispatchEvent(new Event(ROUTE_PRELOAD_DONE));
    await waiting;
    expect(finished).toBe(true);
  });

  it('does not wait where no route-preload runs, or where it is already done', async () => {
    await routePreloadFinished();
    state[ROUTE_PRELOAD_STATE] = 'done';
    await routePreloadFinished();
  });
});
