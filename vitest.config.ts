import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server/vitest.config.ts', 'apps/server/vitest.isolated.config.ts', 'apps/web'],
    // Vitest's default is one worker per core but one, which on CI's 2 cores is a single worker
    // running the files one after another. The API test files mostly wait on the database, so
    // two run side by side even on 2 cores; each file has its own schema or data dir, so they
    // cannot see each other (decision 057).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
