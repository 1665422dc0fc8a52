import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Packages every screen needs; kept in one long-cached vendor chunk. */
const VENDOR = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/modals',
  '@mantine/notifications',
  '@mantine/store',
  '@floating-ui',
  'react-remove-scroll',
  'react-remove-scroll-bar',
  'react-style-singleton',
  'use-callback-ref',
  'use-sidecar',
  'get-nonce',
  'detect-node-es',
  'tslib',
  'clsx',
  'tabbable',
];

const vendorOf = (id: string) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (!match) return undefined;
  const name = match[1]!;
  return VENDOR.some((pkg) => name === pkg || name.startsWith(`${pkg}/`)) ? 'vendor' : undefined;
};

export default defineConfig({
  base: '/',
  plugins: [react()],
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
      output: { manualChunks: vendorOf },
      // @sampada/shared is plain declarations: importing one message must not pull every zod
      // schema (and zod) into the first screen.
      treeshake: { moduleSideEffects: (id) => !/packages\/shared\/src\//.test(id) },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 15_000,
  },
});
