import type { TAppRouter } from './router';

/**
 * Resolves once the router has run the first location's loaders and loaded its lazy route
 * modules. The HTML may carry a static copy of the first screen (decision 005, third pass):
 * rendering before this would replace it with the route's loading fallback for a moment
 * (a flash, and the fallback's spinner as a paint of its own). Rendering after it puts the
 * real screen where the copy was, in one commit.
 */
export function routerSettled(router: TAppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
