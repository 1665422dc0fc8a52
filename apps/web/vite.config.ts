import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { componentTests } from '../../scripts/vitest-dom-project.ts';
import { firstScreenGuard } from '../../scripts/vite-first-screen-guard.ts';
import { mantineUseId } from '../../scripts/vite-mantine-use-id.ts';
import { precompress } from '../../scripts/vite-precompress.ts';
import { reactRouterProduction } from '../../scripts/vite-react-router-production.ts';
import { prerender } from '../../scripts/vite-prerender.ts';
import { routePreload } from '../../scripts/vite-route-preload.ts';

/** The usual landing pages → the lazily loaded modules their screen is made of. */
const FIRST_SCREENS = {
  '/login': ['src/features/auth/components/login-page.tsx'],
  '/dashboard': [
    'src/app/layout/app-layout.tsx',
    'src/features/dashboard/components/dashboard-page.tsx',
  ],
};

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    reactRouterProduction(),
    // Mantine's components render once on mounting, not twice (src/lib/mantine-use-id.ts).
    mantineUseId(),
    // The first screens' lazy chunks start with the entry, not after it.
    routePreload({ ...FIRST_SCREENS, '/kyc': ['src/features/kyc/components/kyc-page.tsx'] }),
    // ... and their markup is in the HTML, so the first paint does not wait for them.
    prerender({
      module: 'src/app/prerender/prerender.tsx',
      pages: FIRST_SCREENS,
      colorSchemeKey: 'sampada.colorScheme',
      languageKey: 'sampada.language',
      defaultLanguage: 'en-US',
      greetingKey: 'sampada.greetingName',
      authKey: 'sampada.auth',
      clientInfoPath: '/auth/app/v1/client_info',
    }),
    // zod (form checks), recharts and the cropper load with the screens that use them.
    firstScreenGuard(FIRST_SCREENS, ['zod', 'recharts', 'react-easy-crop']),
    precompress(),
  ],
  server: {
    proxy: {
      ...Object.fromEntries(
        [
          '/auth',
          '/client',
          '/identify',
          '/system',
          '/stat',
          '/stock',
          '/files',
          '/healthz',
          // API prefixes only: /market and /news are also client-app routes.
          '/market/app',
          '/news/app',
          '/funds/app',
          '/trade/app',
        ].map((prefix) => [prefix, { target: 'http://127.0.0.1:3000', changeOrigin: false }]),
      ),
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: lets bench/web-bundle.mjs follow what a route loads.
    manifest: true,
    rollupOptions: {
      // No hand-made vendor chunk: one holding every library made /login download all of them.
      // Rollup's own split gives each route the shared chunks it actually uses.
      // @sampada/shared is plain declarations: importing one message must not pull every zod
      // schema (and zod) into the first screen.
      treeshake: { moduleSideEffects: (id) => !/packages\/shared\/src\//.test(id) },
    },
  },
  test: componentTests('web', ['dataloader', 'lightweight-charts']),
});
