import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from '../../scripts/vite-precompress.ts';
import { reactRouterProduction } from '../../scripts/vite-react-router-production.ts';

/** The firm's back office, served by the server at /console/ (architecture.md). */
export default defineConfig({
  base: '/console/',
  plugins: [react(), reactRouterProduction(), precompress()],
  server: {
    port: 5174,
    proxy: {
      '/console/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/files': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // No hand-made vendor chunk: Rollup's own split gives each screen what it uses.
  },
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A ceiling, not a speed check: beside the API suite a render can wait its turn for a core.
    testTimeout: 60_000,
  },
});
