import { defineConfig } from 'vitest/config';
import { MOCKING_FILES, serverTest } from './vitest.config.ts';

// The server test files that mock modules, each in a module graph of its own (vitest's default).
export default defineConfig({ test: { ...serverTest, name: 'server-isolated', include: MOCKING_FILES, isolate: true } });
