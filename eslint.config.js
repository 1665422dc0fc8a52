import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Feature folders never import each other; app/ composes them (house-style.md). */
const featureBoundaries = (app) => {
  const src = `./apps/${app}/src`;
  const featuresDir = `apps/${app}/src/features`;
  const features = existsSync(featuresDir)
    ? readdirSync(featuresDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  return {
    files: [`apps/${app}/src/**/*.{ts,tsx}`],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `${src}/features/${name}`,
              from: `${src}/features`,
              except: [`./${name}`],
            })),
            { target: `${src}/features`, from: `${src}/app` },
            {
              target: [`${src}/components`, `${src}/lib`],
              from: [`${src}/features`, `${src}/app`],
            },
          ],
        },
      ],
    },
  };
};

/**
 * The server's ground floor imports nothing above it (docs/decisions/007): db/ and platform/
 * declare the ports they need and never import modules/, nor the composition root that wires
 * the modules to them. Their tests may still build the whole app through test/helpers.ts.
 */
const serverGroundFloor = () => {
  const server = './apps/server/src';
  return {
    files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/db/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [`${server}/platform`, `${server}/db`],
              from: [
                `${server}/modules`,
                ...['context.ts', 'schema.ts', 'app.ts', 'runtime.ts', 'main.ts', 'cli'].map(
                  (name) => `${server}/${name}`,
                ),
              ],
              message:
                'db/ and platform/ sit below the modules: declare a port here and connect it in context.ts.',
            },
          ],
        },
      ],
    },
  };
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      'data',
      '.tmp',
      'test-results',
      'playwright-report',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.js', '.mjs', '.ts', '.tsx'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  featureBoundaries('web'),
  featureBoundaries('console'),
  serverGroundFloor(),
  prettier,
);
