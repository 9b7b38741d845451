// Gzipped size of what the web app loads: the first screen (index.html's entry script, its
// modulepreloads and stylesheets, plus the lazy page chunk of /home) and each lazy route chunk
// beyond that shell, mapped through Vite's manifest (build.manifest in apps/web/vite.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// kB of 1000 bytes, as Vite prints them.
const kb = (bytes) => Math.round(bytes / 100) / 10;

function sizeOf(distDir, file, cache) {
  if (!cache.has(file)) {
    const bytes = readFileSync(path.join(distDir, file));
    cache.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return cache.get(file);
}

function total(distDir, files, cache) {
  const sums = { js_gzip_kb: 0, css_gzip_kb: 0, js_raw_kb: 0, css_raw_kb: 0, files: files.length };
  let js = 0;
  let css = 0;
  let jsRaw = 0;
  let cssRaw = 0;
  for (const file of files) {
    const size = sizeOf(distDir, file, cache);
    if (file.endsWith('.css')) {
      css += size.gzip;
      cssRaw += size.raw;
    } else {
      js += size.gzip;
      jsRaw += size.raw;
    }
  }
  return { ...sums, js_gzip_kb: kb(js), css_gzip_kb: kb(css), js_raw_kb: kb(jsRaw), css_raw_kb: kb(cssRaw) };
}

/**
 * The asset paths index.html loads at once (entry, modulepreload, stylesheet, and the preloaded
 * stylesheet the app applies before its first render, decision 050).
 */
export function shellFiles(indexHtml) {
  const files = new Set();
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = /rel="(modulepreload|stylesheet)"/.test(tag) || (/rel="preload"/.test(tag) && /as="style"/.test(tag));
    const ref = /(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
    if (ref && (isScript || isPreload) && ref.startsWith('assets/')) files.add(ref);
  }
  return [...files];
}

/** Files of a manifest chunk and everything it imports statically, with their CSS. */
function closure(manifest, key, seen = new Set(), files = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen, files);
  return files;
}

/** distDir: apps/web/dist. `firstScreenRoute`: the lazy module /home renders. */
export function measureWebAssets(distDir, firstScreenRoute = 'src/home/home-page.tsx') {
  const cache = new Map();
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const shell = shellFiles(indexHtml);
  const result = { shell: total(distDir, shell, cache), gzip_level: 9 };

  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    result.routes_error = 'apps/web/dist/.vite/manifest.json is missing (build.manifest in vite.config.ts): lazy routes not measured';
    result.first_screen = { ...result.shell, note: 'shell only: without the manifest the /home page chunk is not known' };
    return result;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const shellSet = new Set(shell);
  // What index.html preloads should be what the entry imports; a gap would be a build quirk.
  for (const file of closure(manifest, entryKey)) shellSet.add(file);

  result.routes = {};
  for (const key of manifest[entryKey].dynamicImports ?? []) {
    // A `_name-hash.js` key is a chunk group the app loads lazily (vite.config.ts, decision 060),
    // such as a page's schemas: part of the pages that load it, not a page of its own.
    if (key.startsWith('_')) continue;
    const extra = [...closure(manifest, key)].filter((file) => !shellSet.has(file));
    const name = key.replace(/^src\//, '').replace(/\.tsx?$/, '');
    result.routes[name] = { ...total(distDir, extra, cache), nested_lazy: (manifest[key].dynamicImports ?? []).length };
  }
  const homeFiles = [...new Set([...shellSet, ...closure(manifest, firstScreenRoute)])];
  result.first_screen = { ...total(distDir, homeFiles, cache), route: '/home', note: 'shell + the /home page chunk and its imports' };
  return result;
}

/** Whether the running server compresses the entry script (Lighthouse's text-compression audit). */
export async function servedEncoding(base, distDir) {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(indexHtml)?.[1];
  if (!entry) return null;
  const response = await fetch(`${base}${entry}`, { headers: { 'accept-encoding': 'gzip, br' } });
  await response.arrayBuffer();
  return { path: entry, content_encoding: response.headers.get('content-encoding') ?? 'none' };
}
