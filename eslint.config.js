import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// Layering (docs/decisions/083-lint-guards-layering.md, docs/architecture.md "The arrows"). Each feature folder lists the features it may import; the
// direction is one way (a feature never imports one that lists it). Everything else under src/ that
// is not core is off limits to it. A new feature adds one line here, after the features it builds on.
// Server core is infrastructure (database, errors, guards, env, mail) and the read caches.
const serverCore = ['core', 'db', 'env.ts', 'errors.ts', 'messages.ts', 'mail', 'read-caches'];
// Domain rules every server feature may apply: which problems a reader sees, text and 초성 search,
// stored rich text. Each imports only core; core imports none of them.
const serverRules = ['visibility', 'search', 'rich-text'];
const serverFeatures = {
  // Issue 32: the audit log of administrative acts (decision 161); the acts' features write to it.
  audit: [],
  // Issue 32: GET /metrics and what feeds it (decision 160); app.ts and jobs/ count into it.
  metrics: [],
  subjects: ['audit'],
  classes: ['subjects', 'audit'],
  exams: ['subjects', 'audit'],
  members: ['audit'],
  auth: ['members', 'audit'],
  uploads: [],
  problems: ['exams', 'uploads'],
  notifications: ['problems'],
  // The answer record (solve_attempts) and everything that writes it: recording once per
  // client_id, judging, re-judging after a key change (decision 134). Every way of answering calls it.
  answers: ['problems', 'notifications'],
  export: ['exams', 'boxes', 'problems', 'answers'],
  // A problem started from a past one is linked to it in the save (decision 187).
  authoring: ['problems', 'exams', 'subjects', 'uploads', 'answers', 'notifications', 'audit', 'lineage'],
  assignments: ['authoring', 'problems', 'exams', 'notifications'],
  boxes: ['problems'],
  solve: ['problems', 'exams', 'answers', 'study'],
  replies: ['problems', 'notifications', 'audit'],
  boards: ['uploads', 'export', 'audit'],
  stats: ['exams', 'export', 'answers', 'lineage'],
  study: ['boxes', 'problems', 'answers', 'lineage'],
  notes: ['problems'],
  disputes: ['authoring', 'problems', 'answers', 'notifications', 'audit', 'lineage'],
  imports: ['authoring', 'export', 'uploads', 'audit'],
  // Issue 28: which problems are one question across years (decisions 129, 130).
  lineage: ['problems', 'exams', 'audit'],
  // Issue 29: the exam calendar, the plan to an exam, the predicted score (decisions 150–153).
  'exam-dates': ['study', 'answers', 'problems', 'exams', 'subjects', 'notifications', 'lineage', 'audit'],
  // Issue 30: the answering screen's marks, members' ratings, the look, the 참고치 table.
  annotations: ['problems'],
  ratings: ['problems', 'answers'],
  settings: [],
  reference: ['audit'],
};
const readEnvInEnvTs = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration in env.ts only (docs/architecture.md, code style rule 5).',
};
// Only answers/ names the answer table, and stats/ for its aggregates (decision 134): a feature
// that reads or writes answers calls answers/. String and template literals are where SQL names it.
const answerTableOwnedByAnswers = ['Literal[value=/solve_attempts/]', 'TemplateElement[value.raw=/solve_attempts/]'].map((selector) => ({
  selector,
  message: 'Only answers/ (and stats/ for aggregates) name solve_attempts: call a function of answers/ instead (decision 134).',
}));
// Services hold no SQL (decision 135): Kysely's statement starters and the sql tag belong in a repository.
const noSqlInServices = [
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|executeQuery)$/]',
    message: 'Services run no SQL: write the statement as a function of the feature repository and call it (decision 135).',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'Services run no SQL: raw SQL belongs in the feature repository (decision 135).' },
];
// The files decision 135 holds to "no SQL": every feature folder's files but these.
const featureFiles = Object.keys(serverFeatures).map((feature) => `apps/server/src/${feature}/**/*.ts`);
const featureSqlFiles = [
  '**/*.test.ts',
  'apps/server/src/*/**/*repository.ts',
  'apps/server/src/*/**/routes.ts',
  'apps/server/src/*/**/*-routes.ts',
  // SQL fragments that other statements embed: repositories in all but name.
  'apps/server/src/answers/{latest-answer,query-parts,verdict-sql}.ts',
  'apps/server/src/problems/{search-page,visibility}.ts',
];
// Infrastructure and tools beside the features (no feature imports them; app.ts, server.ts and
// main.ts compose them): what each may import besides core and the rules.
const serverInfrastructure = {
  'server-paint': [],
  storage: ['uploads'],
  limits: [],
  jobs: ['auth', 'lineage', 'exam-dates', 'audit', 'metrics'],
  ops: ['storage'],
  seed: ['problems', 'uploads', 'storage', 'authoring'],
  // Tests only (the authorization matrix, bad input, inert HTML); linted as tests.
  security: [],
};
const webCore = ['lib', 'components', 'messages.ts', 'common'];
const webFeatures = {
  // Offline study (decision 041): 오프라인 저장, the service worker, the shell's indicator.
  offline: [],
  subjects: [],
  exams: ['subjects'],
  members: [],
  home: ['study', 'exam-dates'],
  replies: [],
  // Widgets the problem viewers, solve mode and the lead screens show beside a problem; the
  // members' 체감 난이도 stands beside each correct rate (decision 167).
  stats: ['ratings'],
  notes: [],
  disputes: [],
  notifications: [],
  problems: ['replies', 'exams', 'subjects', 'stats', 'notes', 'disputes', 'offline'],
  boxes: ['problems', 'notes'],
  // The editor shows lineage's similar past problems and starts from one (decision 187).
  authoring: ['problems', 'exams', 'subjects', 'stats', 'lineage'],
  assignments: ['authoring', 'problems', 'exams', 'subjects', 'members'],
  // 출제 이력 (issue 28): the badge and panel on a problem card, through problems' card slots; the
  // search's and the lead screen's subject filters read the subject names (decision 203).
  lineage: ['subjects'],
  // Issue 29: /dashboard/calendar, /study/plan/{code} and the /home strip (decisions 150–152).
  'exam-dates': ['study', 'subjects', 'exams'],
  // The audit log screen (decision 161).
  audit: [],
  // Issue 30: the look (theme, type size), the 참고치 panel, ratings and the answering marks.
  settings: [],
  reference: [],
  ratings: [],
  annotations: [],
  // Answering a problem, whichever screen asks (issue 27): the problem view, the option pickers,
  // the reveal, the local verdict, and recording the answer through the offline answer queue.
  answering: ['problems', 'stats', 'disputes', 'annotations', 'reference', 'ratings'],
  // Logging out sends the answers and the annotation changes still waiting first (answering/api.ts, annotations/api.ts).
  auth: ['members', 'answering', 'annotations'],
  solve: ['answering', 'boxes', 'problems', 'stats', 'notes'],
  boards: [],
  // The review deck reads each of its problems as the problem viewers do (decision 205).
  study: ['answering', 'annotations', 'ratings', 'boxes', 'notes', 'subjects', 'exams', 'offline', 'problems'],
  imports: ['authoring'],
};

function layerZones(root, core, features, testHelpers, rules = []) {
  const zones = [
    {
      target: `${root}/{${core.filter((name) => !name.includes('.')).join(',')}}/**`,
      from: root,
      except: core.map((name) => `./${name}`),
      message: 'Core code (lib, components, core) imports no feature: pass what it needs in, or move it into the feature.',
    },
  ];
  for (const rule of rules) {
    zones.push({
      target: `${root}/${rule}/**`,
      from: root,
      except: [rule, ...core].map((name) => `./${name}`),
      message: `${rule} holds a rule every feature may apply: it imports core and @qbank/shared only.`,
    });
  }
  for (const [feature, allowed] of Object.entries(features)) {
    zones.push({
      target: `${root}/${feature}/**`,
      from: root,
      except: [feature, ...core, ...rules, ...allowed, testHelpers].map((name) => `./${name}`),
      message: `${feature} may import core, ${rules.length ? `the rules (${rules.join(', ')}), ` : ''}@qbank/shared and only ${allowed.join(', ') || 'no other feature'} (eslint.config.js: one direction per pair of features; compose at the page or with a slot prop).`,
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
      'no-restricted-syntax': ['error', readEnvInEnvTs],
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
            ...layerZones('apps/server/src', serverCore, { ...serverFeatures, ...serverInfrastructure }, 'testing', serverRules),
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
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/{answers,stats,db,seed,testing}/**', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', readEnvInEnvTs, ...answerTableOwnedByAnswers] },
  },
  {
    // Routes never touch `ctx.db` or Kysely (decision 043): they pass ctx to a service.
    files: ['apps/server/src/*/routes.ts', 'apps/server/src/*/*-routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'Routes call services only; queries live in repositories.' }] }],
      'no-restricted-syntax': [
        'error',
        readEnvInEnvTs,
        ...answerTableOwnedByAnswers,
        {
          selector: "MemberExpression[property.name='db']",
          message: 'Routes call services only: pass ctx to the service, which hands ctx.db to its repository.',
        },
      ],
    },
  },
  {
    // Services decide and call repositories; they may open a transaction (ctx.db.transaction()) and
    // pass it on, but write no statement themselves (decision 135). The same holds for every other
    // file of a feature folder but its repositories, its routes (stricter, above) and the SQL
    // fragments other features' statements embed.
    files: featureFiles,
    ignores: featureSqlFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: 'Services run no SQL: raw SQL belongs in the feature repository (decision 135).' }] },
      ],
      'no-restricted-syntax': ['error', readEnvInEnvTs, ...answerTableOwnedByAnswers, ...noSqlInServices],
    },
  },
  {
    // answers/ and stats/ name solve_attempts (decision 134), but also only in their repositories.
    files: ['apps/server/src/{answers,stats}/**/*.ts'],
    ignores: featureSqlFiles,
    rules: { 'no-restricted-syntax': ['error', readEnvInEnvTs, ...noSqlInServices] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones('apps/web/src', webCore, webFeatures, 'testing'), shippedCodeImportsNoTesting('apps/web/src')] },
      ],
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
