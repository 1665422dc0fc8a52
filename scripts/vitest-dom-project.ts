/**
 * The component-test settings the web and console apps share. happy-dom rather than jsdom, and
 * the libraries every screen imports pre-bundled once per run rather than transformed module by
 * module in each test file: together a third off both projects' time on the CI box
 * (docs/benchmarks.md, "where the CI run's CPU goes").
 */
import type { ViteUserConfig } from 'vitest/config';

const SHARED_LIBRARIES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/modals',
  '@mantine/notifications',
  '@mantine/spotlight',
  '@mantine/dates',
  '@mantine/dropzone',
  '@mantine/charts',
  'recharts',
  'dayjs',
  'react-router',
  '@tanstack/react-query',
  'react-hook-form',
  '@hookform/resolvers/zod',
  'react-easy-crop',
  '@tabler/icons-react',
  '@testing-library/react',
  '@testing-library/user-event',
  '@testing-library/dom',
];

/** An app's `test` block: its name and the libraries only it imports. */
export function componentTests(name: string, ownLibraries: string[]): ViteUserConfig['test'] {
  return {
    name,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    deps: {
      optimizer: { client: { enabled: true, include: [...SHARED_LIBRARIES, ...ownLibraries] } },
    },
    // A ceiling, not a speed check: beside the API suite a render can wait its turn for a core.
    testTimeout: 60_000,
  };
}
