/**
 * The build's route-preload runtime (scripts/vite-route-preload.ts) adds the first screen's
 * `modulepreload` links a few at a time; it says how far it is in `self[ROUTE_PRELOAD_STATE]`
 * ('adding', then 'done') and sends ROUTE_PRELOAD_DONE when done.
 */
export const ROUTE_PRELOAD_STATE = 'sampadaRoutePreload';
export const ROUTE_PRELOAD_DONE = 'sampada:route-preload';

/** Give up waiting after this long: a first screen must never hang on a preload hint. */
const WAIT_AT_MOST_MS = 2_000;

/**
 * Resolves once the route-preload's links are all in, at once where it is not adding any (no
 * such script in development and tests, or a path it has nothing for). The router waits for
 * it: its first lazy route adds the links of every chunk it will import that are not in yet,
 * all in one task — on Home ~80 of them, a long task on a phone.
 */
export function routePreloadFinished(): Promise<void> {
  const state = (self as unknown as Record<string, unknown>)[ROUTE_PRELOAD_STATE];
  if (state !== 'adding') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener(ROUTE_PRELOAD_DONE, done);
      resolve();
    };
    const timer = setTimeout(done, WAIT_AT_MOST_MS);
    addEventListener(ROUTE_PRELOAD_DONE, done);
  });
}
