import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock` need a module graph of their own: they run in
 * the `server-isolated` project (vitest.isolated.config.ts).
 */
export const MOCKING_FILES = ['src/boards/boards-write.test.ts'];

export const serverTest = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { PASSWORD_HASH_COST: 'low' },
} as const;

// The other files share one module graph per worker (isolate: false): loading the server's
// modules again for every file was most of their CPU time (decision 057). Their state lives in the
// app, database and data dir each file makes, not in modules.
export default defineConfig({
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...MOCKING_FILES],
    isolate: false,
  },
});
