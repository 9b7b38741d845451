/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on :3000; in development Vite serves the app
// and forwards the API paths, so the browser still sees one origin (cookies, CSRF rule).
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench.mjs maps each lazy route to its chunks through dist/.vite/manifest.json.
    manifest: true,
  },
  server: {
    proxy: {
      '/v1': apiTarget,
      '/boards': apiTarget,
      '/uploads': apiTarget,
      '/healthz': apiTarget,
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
