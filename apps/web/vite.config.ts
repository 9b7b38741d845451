/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (apps/server) listens on :3000; in development Vite serves the app
// and forwards the API paths, so the browser still sees one origin (cookies, CSRF rule).
const apiTarget = 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes name.br (brotli, max quality) and name.gz (gzip -9) beside every text file of the build,
 * so the server (@fastify/static `preCompressed`) sends them without compressing per request.
 * Dot-directories (.vite/manifest.json) are not served, so they are skipped; a variant that is not
 * smaller than the file is not written (the server then sends the plain file).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'qbank-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || path.relative(outDir, file).split(path.sep).some((part) => part.startsWith('.'))) continue;
        const bytes = readFileSync(file);
        const br = brotliCompressSync(bytes, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
        const gz = gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/** Test-only code lives in src/testing/ and *.test.tsx (decision 045): the build fails if the app imports it. */
function shipNoTestCode(): Plugin {
  return {
    name: 'qbank-ship-no-test-code',
    apply: 'build',
    load(id) {
      if (/\/src\/testing\/|\.test\.tsx?$/.test(id)) this.error(`The web bundle would ship the test-only module ${id}`);
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), shipNoTestCode()],
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
    setupFiles: ['./src/testing/setup.ts'],
    testTimeout: 20_000,
  },
});
