import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Three test files at once on the 2-core box: with two, the run holds the load near 1.5
    // (each file waits on PostgreSQL and on importing the server), so a third fills idle time.
    maxWorkers: 3,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'apps/*/vite.config.ts',
    ],
  },
});
