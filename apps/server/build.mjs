// Bundles the server (and @qbank/shared, which ships as TypeScript source) into dist/main.js.
// npm packages stay external and are loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@qbank/'));

const result = await build({
  entryPoints: ['src/main.ts', 'src/seed/run-demo-seed.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  metafile: true,
});

// Test-only code lives in src/testing/ and *.test.ts (decision 045) and never ships: fail the build
// if an import chain from an entry point reaches it.
const testOnly = Object.keys(result.metafile.inputs).filter((input) => /(^|\/)src\/testing\/|\.test\.ts$/.test(input));
if (testOnly.length > 0) {
  console.error(`The server bundle would ship test-only modules:\n  ${testOnly.join('\n  ')}`);
  process.exit(1);
}
