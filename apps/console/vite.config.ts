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
  '@tanstack',
  'axios',
];

const vendorOf = (id: string) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (!match) return undefined;
  const name = match[1]!;
  return VENDOR.some((pkg) => name === pkg || name.startsWith(`${pkg}/`)) ? 'vendor' : undefined;
};

/** The firm's back office, served by the server at /console/ (architecture.md). */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
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
    rollupOptions: { output: { manualChunks: vendorOf } },
  },
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 15_000,
  },
});
