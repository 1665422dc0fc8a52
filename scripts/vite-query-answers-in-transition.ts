/**
 * Builds the app with React Query's useQuery subscribing through
 * apps/web/src/lib/query-answers-in-transition.ts instead of React's useSyncExternalStore (that
 * module says why). Fails the build unless the one call it replaces is where it was, so an
 * upgrade that moves it cannot silently bring the blocking renders back.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** React Query's base hook, behind useQuery and useInfiniteQuery. */
export const isUseBaseQuery = (id: string) =>
  /\/@tanstack\/react-query\/build\/modern\/useBaseQuery\.js$/.test(id.split('?')[0] ?? id);

const CALL = 'React.useSyncExternalStore(';
const OURS = '__useSubscriptionInTransition(';

/** The module's code with its one useSyncExternalStore call replaced, or an error. */
export function replaceSubscription(code: string, hookModule: string): string {
  const calls = code.split(CALL).length - 1;
  if (calls !== 1)
    throw new Error(
      `query-answers-in-transition: expected one ${CALL}…) in useBaseQuery, found ${calls}`,
    );
  return `import { useSubscriptionInTransition as __useSubscriptionInTransition } from ${JSON.stringify(hookModule)};\n${code.replace(CALL, OURS)}`;
}

export function queryAnswersInTransition(): Plugin {
  const hook = fileURLToPath(
    new URL('../apps/web/src/lib/query-answers-in-transition.ts', import.meta.url),
  );
  let replaced = false;
  return {
    name: 'sampada-query-answers-in-transition',
    apply: 'build',
    transform(code, id) {
      if (!isUseBaseQuery(id)) return null;
      replaced = true;
      return { code: replaceSubscription(code, hook), map: null };
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error("query-answers-in-transition: React Query's useBaseQuery was not built");
    },
  };
}
