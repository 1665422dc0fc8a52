/**
 * react-router's package exports point every bundler at its development build (warnings and
 * all, ~40% larger); a production build of the client app or the console takes the production
 * one it ships beside it.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const reactRouterProduction = (): Plugin => ({
  name: 'react-router-production',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        {
          find: /^react-router$/,
          replacement: fileURLToPath(
            new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
          ),
        },
      ],
    },
  }),
});
