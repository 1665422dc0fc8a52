import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { componentTests } from '../../scripts/vitest-dom-project.ts';
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
  test: componentTests('console', ['axios', 'i18next', 'react-i18next']),
});
