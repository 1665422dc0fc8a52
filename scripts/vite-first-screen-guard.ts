/**
 * A Vite build plugin that fails the build when a first screen's static download holds a
 * package kept for later. The budgets of issue 14 were lost twice by one import: a rate
 * formatter taken from the credit schemas brought zod (37 kB brotli) into Home, and the
 * sign-in form's resolver brought zod's whole core into /login. The bench measures bytes only
 * when someone runs it; the build runs on every CI.
 */
import path from 'node:path';
import type { OutputChunk } from 'rollup';
import type { Plugin, ResolvedConfig } from 'vite';
import { chunksOfSources, staticClosure } from './vite-route-preload.ts';

/**
 * `routes`: a path → the source files of the modules its page loads lazily (as for
 * routePreload); `keepOut`: package names none of their static chunks may contain.
 */
export function firstScreenGuard(routes: Record<string, string[]>, keepOut: string[]): Plugin {
  let config: ResolvedConfig;
  const packageOf = (id: string) =>
    keepOut.find((name) => id.includes(`/node_modules/${name}/`)) ?? null;
  return {
    name: 'sampada-first-screen-guard',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return this.error('first-screen-guard: no entry chunk');
      const withEntry = [entry.fileName, ...staticClosure(bundle, entry)];
      for (const [route, sources] of Object.entries(routes)) {
        const lazy = chunksOfSources(bundle, config.root, sources);
        if (typeof lazy === 'string') return this.error(`first-screen-guard: ${lazy}`);
        for (const file of new Set([...withEntry, ...lazy])) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') continue;
          const leaked = chunk.moduleIds.find(packageOf);
          if (leaked)
            return this.error(
              `first-screen-guard: ${route} loads ${packageOf(leaked)} up front (${file} holds ` +
                `${path.relative(config.root, leaked)}); import it lazily or from a module without it`,
            );
        }
      }
    },
  };
}
