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
 * Server modules own their tables (docs/decisions/008-module-table-ownership-and-sql-per-aggregate.md):
 * a file in modules/X imports from another module only its service.ts, and X/tables.ts only
 * another module's tables.ts, for foreign keys. Tests and their fixtures are exempt.
 */
const serverModuleBoundaries = () => {
  const modules = './apps/server/src/modules';
  const names = readdirSync(modules, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const zones = (file, message) =>
    names.map((name) => ({
      target: `${modules}/${name}`,
      from: modules,
      except: [
        `./${name}`,
        ...names.filter((other) => other !== name).map((o) => `./${o}/${file}`),
      ],
      message,
    }));
  // The schema list gathers every module's tables: importing it would go round the zones.
  const schema = {
    target: modules,
    from: './apps/server/src/schema.ts',
    message: "Import your own tables.ts, or another module's service.ts (decision 008).",
  };
  const rule = (file, message) => ({
    'import/no-restricted-paths': ['error', { zones: [...zones(file, message), schema] }],
  });
  const tables = 'apps/server/src/modules/*/tables.ts';
  return [
    {
      files: ['apps/server/src/modules/**/*.ts'],
      ignores: [tables, '**/*.test.ts', '**/test-fixtures.ts'],
      rules: rule(
        'service.ts',
        "A module's tables and internals are its own: call its service.ts (decision 008).",
      ),
    },
    {
      files: [tables],
      rules: rule(
        'tables.ts',
        "A module's tables.ts imports only other modules' tables.ts, for foreign keys (decision 008).",
      ),
    },
  ];
};

/**
 * One home for IST days (docs/decisions/026-one-home-per-rule.md): the day length, a `DAY_MS`
 * of one's own and the '+05:30' offset are how a module grows a second calendar. The
 * arithmetic lives in packages/shared/src/ist-day.ts (istDayOf, addIstDays, daysInMs, …).
 * Tests keep their literal fixtures: they state expected instants as plainly as they can.
 */
const IST_HOME =
  'use packages/shared/src/ist-day.ts (istDayOf, istDayStart, addIstDays, istDaysBetween, daysInMs)';
const istDayBans = [
  {
    selector: 'Literal[value=86400000]',
    message: `No day length by hand: ${IST_HOME}.`,
  },
  {
    selector: "Identifier[name='DAY_MS']",
    message: `No DAY_MS of your own: ${IST_HOME}.`,
  },
  {
    selector: 'Literal[value=/\\+05:30/]',
    message: `No IST offset by hand: ${IST_HOME}.`,
  },
  {
    selector: 'TemplateElement[value.raw=/\\+05:30/]',
    message: `No IST offset by hand: ${IST_HOME}.`,
  },
];
const istDayFiles = {
  files: [
    'apps/*/src/**/*.{ts,tsx}',
    'packages/shared/src/**/*.ts',
    'bench/**/*.{js,mjs,ts}',
    'scripts/**/*.{js,mjs,ts}',
  ],
  ignores: [
    'packages/shared/src/ist-day.ts',
    '**/*.test.{ts,tsx}',
    '**/test/**',
    '**/test-fixtures.ts',
  ],
};
const oneHomeForIstDays = {
  ...istDayFiles,
  rules: { 'no-restricted-syntax': ['error', ...istDayBans] },
};

/**
 * Money in one form (docs/decisions/011-paise-only-on-the-wire.md): in the money folders an
 * amount is integer paise, shown with formatPaise and read from typed rupees with
 * parseRupeesToPaise. `.toFixed(` and arithmetic with 100 are how floats and hand-made
 * conversions creep back in; packages/shared/src/money.ts is the one home of the conversions.
 */
const BY_HAND =
  'read typed rupees with parseRupeesToPaise, show paise with formatPaise, or use another helper of packages/shared/src/money.ts';
const moneyInOneForm = {
  files: [
    'apps/server/src/modules/{ledger,funds,trading,credit}/**/*.ts',
    'packages/shared/src/{funds,trading,format,credit}.ts',
    'apps/web/src/features/{funds,trading,portfolio,me,dashboard,credit}/**/*.{ts,tsx}',
    'apps/web/src/lib/{money,trading}.ts',
    'apps/web/src/components/trading/**/*.{ts,tsx}',
    'apps/console/src/features/{funds,trading,credit,portfolio}/**/*.{ts,tsx}',
  ],
  // Tests build typed input and expected figures as plainly as they can.
  ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/test-fixtures.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.property.name='toFixed']",
        message:
          'toFixed rounds a binary float: show paise with formatPaise (packages/shared/src/money.ts), other numbers with Intl (formatTwoDecimals).',
      },
      {
        selector: 'BinaryExpression[operator=/^[*\\/]$/][right.value=100]',
        message: `No paise ↔ rupees by hand (* 100, / 100): ${BY_HAND}.`,
      },
      {
        selector: "BinaryExpression[operator='*'][left.value=100]",
        message: `No paise ↔ rupees by hand (100 * x): ${BY_HAND}.`,
      },
      {
        selector: 'AssignmentExpression[operator=/^[*\\/]=$/][right.value=100]',
        message: `No paise ↔ rupees by hand (*= 100, /= 100): ${BY_HAND}.`,
      },
      // A later block's no-restricted-syntax replaces an earlier one's: restate the IST bans.
      ...istDayBans,
    ],
  },
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

/**
 * Routes go through the route kit (platform/route-kit.ts, decision 025): a module never calls
 * `app.get(…)`, `instance.post(…)` or `app.route({…})` itself, so security, the guard, the
 * envelope, no-store, the Idempotency-Key and the actor are declared once per audience.
 * WebSocket upgrades (`{ websocket: true }`) are not HTTP answers and stay as they are.
 */
const HTTP_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);
const FASTIFY_NAMES = /^(app|instance|fastify|server|api|scoped|typed)$/;
const isFastify = (object) =>
  (object.type === 'Identifier' && FASTIFY_NAMES.test(object.name)) ||
  (object.type === 'CallExpression' &&
    object.callee.type === 'MemberExpression' &&
    object.callee.property.name === 'withTypeProvider');
const isPath = (arg) =>
  (arg?.type === 'Literal' && typeof arg.value === 'string' && arg.value.startsWith('/')) ||
  (arg?.type === 'TemplateLiteral' && arg.quasis[0].value.raw.startsWith('/'));
const isWebSocket = (args) =>
  args.some(
    (a) =>
      a.type === 'ObjectExpression' &&
      a.properties.some((p) => p.type === 'Property' && p.key.name === 'websocket'),
  );
const routeKitOnly = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      direct:
        'Register routes through the route kit (platform/route-kit.ts: kit.query, kit.command, kit.raw), not {{call}} (decision 025).',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        const name = callee.property.name;
        const registers =
          (HTTP_VERBS.has(name) && (isFastify(callee.object) || isPath(node.arguments[0]))) ||
          (name === 'route' && isFastify(callee.object));
        if (!registers || isWebSocket(node.arguments)) return;
        const receiver = callee.object.type === 'Identifier' ? callee.object.name : '…';
        context.report({ node, messageId: 'direct', data: { call: `${receiver}.${name}(…)` } });
      },
    };
  },
};
const routesThroughTheKit = {
  files: ['apps/server/src/modules/**/*.ts'],
  ignores: ['**/*.test.ts', '**/test-fixtures.ts'],
  plugins: { local: { rules: { 'route-kit-only': routeKitOnly } } },
  rules: { 'local/route-kit-only': 'error' },
};

/**
 * No function over 80 lines outside tests (issue 30, docs/style.md): a service is a wiring
 * object over use-case files, a component a composition of named parts. No file is excepted
 * (`node scripts/long-functions.mjs` lists any that creep in).
 */
const shortFunctions = {
  files: ['apps/*/src/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
  },
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
  ...serverModuleBoundaries(),
  oneHomeForIstDays,
  moneyInOneForm,
  serverGroundFloor(),
  routesThroughTheKit,
  shortFunctions,
  prettier,
);
