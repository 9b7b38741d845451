import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// Layering (docs/decisions/083-lint-guards-layering.md, docs/architecture.md "The arrows"). Each feature folder lists the features it may import; the
// direction is one way (a feature never imports one that lists it). Everything else under src/ that
// is not core is off limits to it. A new feature adds one line here, after the features it builds on.
const serverCore = ['core', 'db', 'env.ts', 'errors.ts', 'messages.ts', 'mail'];
const serverFeatures = {
  subjects: [],
  classes: ['subjects'],
  tests: ['subjects'],
  members: [],
  auth: ['members', 'offline'],
  uploads: [],
  export: ['tests', 'boxes'],
  problems: ['tests', 'uploads'],
  authoring: ['problems', 'tests', 'subjects', 'uploads', 'study', 'notifications'],
  assignments: ['authoring', 'problems', 'tests', 'notifications'],
  boxes: ['problems'],
  solve: ['problems', 'tests', 'study'],
  replies: ['problems', 'notifications'],
  boards: ['uploads', 'export'],
  stats: ['tests', 'export'],
  study: ['boxes', 'problems'],
  notes: ['problems'],
  notifications: [],
  disputes: ['authoring', 'problems', 'notifications'],
  imports: ['authoring', 'export', 'uploads'],
  // Issue 28: which problems are one question across years (decisions 129, 130).
  lineage: ['problems', 'tests'],
};
const webCore = ['lib', 'components', 'messages.ts', 'common'];
const webFeatures = {
  // Offline study (decision 041): the answer queue, 오프라인 저장, the shell's indicator.
  offline: [],
  subjects: [],
  tests: ['subjects'],
  members: [],
  auth: ['members', 'offline'],
  home: ['study'],
  replies: [],
  // Widgets the problem viewers, solve mode and the lead screens show beside a problem.
  stats: [],
  notes: [],
  disputes: [],
  notifications: [],
  problems: ['replies', 'tests', 'subjects', 'stats', 'notes', 'disputes', 'offline'],
  boxes: ['problems', 'notes'],
  authoring: ['problems', 'tests', 'subjects', 'stats'],
  assignments: ['authoring', 'problems', 'tests', 'subjects', 'members'],
  solve: ['boxes', 'problems', 'tests', 'stats', 'notes', 'disputes', 'offline'],
  boards: [],
  study: ['boxes', 'solve', 'problems', 'notes', 'subjects', 'tests', 'offline'],
  imports: ['authoring'],
};

function layerZones(root, core, features, testHelpers) {
  const zones = [
    {
      target: `${root}/{${core.filter((name) => !name.includes('.')).join(',')}}/**`,
      from: root,
      except: core.map((name) => `./${name}`),
      message: 'Core code (lib, components, core) imports no feature: pass what it needs in, or move it into the feature.',
    },
  ];
  for (const [feature, allowed] of Object.entries(features)) {
    zones.push({
      target: `${root}/${feature}/**`,
      from: root,
      except: [feature, ...core, ...allowed, testHelpers].map((name) => `./${name}`),
      message: `${feature} may import core, @qbank/shared and only ${allowed.join(', ') || 'no other feature'} (eslint.config.js: one direction per pair of features; compose at the page or with a slot prop).`,
    });
  }
  return zones;
}

// Test-only code (helpers, fixtures, the security matrix's world) lives under src/testing/ on both
// sides (decision 045); the blocks below lint everything else as shipping code, which must not import it.
function shippedCodeImportsNoTesting(root) {
  return {
    target: `${root}/**`,
    from: `${root}/testing`,
    message: 'Shipping code does not import src/testing/ (test helpers and fixtures; decision 045).',
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration in env.ts only (docs/architecture.md, code style rule 5).' },
      ],
    },
  },
  {
    // Import graph rules: no cycles, and the layering zones above.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones('apps/server/src', serverCore, serverFeatures, 'testing'),
            shippedCodeImportsNoTesting('apps/server/src'),
            {
              // routes -> service -> repository: SQL stays behind the service.
              target: 'apps/server/src/*/routes.ts',
              from: 'apps/server/src/*/repository.ts',
              message: 'Routes call services only; the repository is reached through the feature service.',
            },
            {
              target: 'apps/server/src/*/*-routes.ts',
              from: 'apps/server/src/*/*repository.ts',
              message: 'Routes call services only; the repository is reached through the feature service.',
            },
            {
              target: 'apps/server/src/*/routes.ts',
              from: 'apps/server/src/*/*-repository.ts',
              message: 'Routes call services only; the repository is reached through the feature service.',
            },
            {
              // Nor do they hold the connection: SQL lives in repositories (decision 043).
              target: ['apps/server/src/*/routes.ts', 'apps/server/src/*/*-routes.ts'],
              from: ['apps/server/src/core/db.ts', 'apps/server/src/core/plain-reads.ts'],
              message: 'Routes call services only; the database connection and its helpers stay behind the service.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes never touch `ctx.db` or Kysely (decision 043): they pass ctx to a service.
    files: ['apps/server/src/*/routes.ts', 'apps/server/src/*/*-routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'Routes call services only; queries live in repositories.' }] }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration in env.ts only (docs/architecture.md, code style rule 5).' },
        { selector: "MemberExpression[property.name='db']", message: 'Routes call services only: pass ctx to the service, which hands ctx.db to its repository.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones('apps/web/src', webCore, webFeatures, 'testing'), shippedCodeImportsNoTesting('apps/web/src')] }],
    },
  },
  {
    // Promises are awaited, returned or explicitly voided; no promise where a void callback goes.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Migrations are frozen in time and take Kysely<any> (Kysely migration guide).
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Config, scripts and tests may read the environment (test matrix, CI switches).
    files: ['apps/server/src/env.ts', '**/*.test.ts', '**/*.config.ts', 'apps/server/src/testing/**', 'scripts/**', 'e2e/**', '**/build.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
