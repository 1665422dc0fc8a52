import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Feature folders never import each other; app/ composes them (house-style.md). */
const featureBoundaries = (app) => ({
  files: [`apps/${app}/src/**/*.{ts,tsx}`],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: `./apps/${app}/src/features/*`,
            from: `./apps/${app}/src/features/*`,
            except: ['./'],
          },
          { target: `./apps/${app}/src/features`, from: `./apps/${app}/src/app` },
          {
            target: [`./apps/${app}/src/components`, `./apps/${app}/src/lib`],
            from: [`./apps/${app}/src/features`, `./apps/${app}/src/app`],
          },
        ],
      },
    ],
  },
});

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
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/ignore': ['node_modules'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  featureBoundaries('web'),
  featureBoundaries('console'),
  prettier,
);
