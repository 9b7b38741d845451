/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_PAINT_PAGES, firstPaintMarkup, firstPaintStyle, STYLES_ATTRIBUTE } from './src/app/first-paint';
import { OFFLINE_CACHES } from './src/lib/offline-caches';
import { ROUTE_DOCUMENTS, SERVER_PAINT_MARKER, type RouteDocument } from './src/app/route-documents';
import { isFirstScreenChunk, lazyChunkGroups } from './build/chunk-groups';
// A relative path: the config loader bundles relative imports and would hand a package's .ts to Node.
import { lookScriptTag } from '../../packages/shared/src/look-script';

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
        if (
          !entry.isFile() ||
          !COMPRESSIBLE.test(entry.name) ||
          path
            .relative(outDir, file)
            .split(path.sep)
            .some((part) => part.startsWith('.'))
        )
          continue;
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

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints) on the first line of each
 * first screen chunk (build/chunk-groups.ts `isFirstScreenChunk`): the browser compiles all of the
 * chunk's functions while it streams in, off the main thread, instead of each on its first call
 * inside the page's first tasks (decision 067). After Vite's own additions to a chunk's start.
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'qbank-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !isFirstScreenChunk(output)) continue;
          output.code = HINT + output.code;
          // One more line at the top: the source map's lines move down by one.
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
        }
      },
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

/**
 * The static first paint (decision 050): index.html carries the top bar's markup and a few hundred
 * bytes of inline CSS, so the page paints as soon as it arrives. The app's stylesheet then no longer
 * blocks that paint: the built `<link rel="stylesheet">` becomes a preload (fetched at once, in
 * parallel with the scripts), and main.tsx turns it into the stylesheet and waits for it before
 * React's first render, so no unstyled frame is ever shown.
 */
function firstPaint(): Plugin {
  return {
    name: 'qbank-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const viewport = '<meta name="viewport" content="width=device-width, initial-scale=1" />';
        if (!html.includes(viewport)) throw new Error('index.html: the look script goes after the viewport meta, which is missing');
        const painted = html
          // The member's theme and type size before anything is drawn (decision 166).
          .replace(viewport, `${viewport}\n    ${lookScriptTag()}`)
          .replace('</head>', `  ${firstPaintStyle()}\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root">${firstPaintMarkup()}</div>`);
        if (!context.bundle) return painted;
        const styles = /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g;
        if ([...painted.matchAll(styles)].length !== 1) throw new Error('index.html: expected exactly one built stylesheet');
        return painted.replace(styles, `<link rel="preload" as="style"$1 href="$2" ${STYLES_ATTRIBUTE}>`);
      },
    },
    // One copy of the built index.html per page with a static head (first-paint/<page>.html), which
    // the server sends to a signed-out visitor of that path (decision 059).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string') throw new Error('first paint: the build has no index.html');
        const generic = firstPaintMarkup();
        if (!index.source.includes(generic)) throw new Error('first paint: index.html lost the first-paint markup');
        for (const page of FIRST_PAINT_PAGES) {
          this.emitFile({ type: 'asset', fileName: `first-paint/${page}.html`, source: index.source.replace(generic, firstPaintMarkup(page)) });
        }
      },
    },
  };
}

/**
 * The document of a page the server draws (decision 067), made from its route document: the
 * server puts its drawing at SERVER_PAINT_MARKER. The stylesheets are in force before the first
 * paint (the drawing is the app's markup, styled by them), and the scripts are asked for by
 * build/boot-after-paint.js once the drawing is on screen. The drawing is inert (a picture of the
 * page) until the app's own copy takes its place (src/lib/server-paint.ts).
 */
function paintedDocument(source: string, bootSrc: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(source)?.[1];
  if (!entry) throw new Error('route documents: no entry script');
  const preloads = [...source.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const boot = `<script defer src="${bootSrc}" data-entry="${entry}" data-preloads='${JSON.stringify(preloads)}'></script>`;
  const painted = source
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(/<link rel="preload" as="style"( crossorigin)? href="([^"]+)"( data-qbank-styles)?>/g, '<link rel="stylesheet"$1 href="$2">')
    .replace('</head>', `  ${boot}\n  </head>`)
    .replace(/<div id="root">[\s\S]*?<\/div>(\s*<\/body>)/, `<div id="qbank-paint" inert>${SERVER_PAINT_MARKER}</div>$1`);
  if (!painted.includes(SERVER_PAINT_MARKER) || painted.includes('type="module"')) throw new Error('route documents: the painted document lost its shape');
  return painted;
}

/**
 * A copy of the built index.html per member page of ROUTE_DOCUMENTS (decision 060), naming every
 * chunk and stylesheet that page's module needs, so the browser fetches them with the entry script
 * instead of after it has run. Vite's preload helper finds the links there and adds none of its own.
 */
function routeDocuments(): Plugin {
  return {
    name: 'qbank-route-documents',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string') throw new Error('route documents: the build has no index.html');
        const boot = this.emitFile({
          type: 'asset',
          name: 'boot-after-paint.js',
          source: readFileSync(path.resolve(import.meta.dirname, 'build/boot-after-paint.js'), 'utf8'),
        });
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('route documents: the build has no entry chunk');
        const inIndex = new Set([entry.fileName, ...entry.imports]);
        const routes: RouteDocument[] = [];
        for (const route of ROUTE_DOCUMENTS) {
          const scripts = new Set<string>();
          const styles = new Set<string>();
          const visit = (fileName: string) => {
            if (scripts.has(fileName) || inIndex.has(fileName)) return;
            scripts.add(fileName);
            const chunk = bundle[fileName];
            if (chunk?.type !== 'chunk') return;
            for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
            chunk.imports.forEach(visit);
          };
          for (const module of route.modules) {
            const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
            if (!chunk) throw new Error(`route documents: no chunk for ${module}`);
            visit(chunk.fileName);
          }
          const links = [
            ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
          ].join('\n    ');
          const file = `route-documents/${route.name}.html`;
          const source = index.source.replace('</head>', `  ${links}\n  </head>`);
          this.emitFile({ type: 'asset', fileName: file, source });
          const painted = `route-documents/${route.name}.painted.html`;
          this.emitFile({ type: 'asset', fileName: painted, source: paintedDocument(source, `/${this.getFileName(boot)}`) });
          routes.push({ path: route.path, file, painted });
        }
        this.emitFile({ type: 'asset', fileName: 'route-documents/routes.json', source: JSON.stringify(routes, null, 2) });
      },
    },
  };
}

/**
 * The installable, offline app (decision 041). The service worker precaches the built shell (every
 * hashed asset, index.html, the icons), answers app routes offline with index.html, never the API's
 * or the server's own paths, and keeps what a student opened of an exam: its API reads network
 * first (a fresh answer whenever there is a connection, the cached one only without), its pictures
 * cache first (an upload's URL never changes content). A new build waits for the student's
 * "새로고침" (registerType 'prompt'; src/offline/register-sw.tsx), so a solve in progress is never
 * reloaded under them and a page's lazy chunks stay those of its own build.
 */
function pwa() {
  const year = 365 * 24 * 60 * 60;
  return VitePWA({
    registerType: 'prompt',
    // Registered by src/offline/register-sw.tsx after the first screen, in its own small chunk.
    injectRegister: false,
    // The service worker in `npm run dev` would serve stale modules; it is a build feature.
    devOptions: { enabled: false },
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'qbank 의대 기출문제',
      short_name: 'qbank 기출',
      description: '의과대학 기출문제 학습 포털. 기출문제와 해설을 찾아보고, 지하철에서도 오프라인으로 풀어 보세요.',
      lang: 'ko',
      dir: 'ltr',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#1864ab',
      background_color: '#ffffff',
      categories: ['education', 'medical'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The shell: built JS and CSS, index.html, icons. The .br/.gz twins are the server's business.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'first-paint/**', 'route-documents/**'],
      // The editor and chart chunks are large but part of the app; a miss would break a screen offline.
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      navigateFallback: '/index.html',
      // The server's own paths are never the app (a /v1/… or /uploads/… navigation gets the server's answer).
      navigateFallbackDenylist: [/^\/v1\//, /^\/uploads\//, /^\/boards(\/|$)/, /^\/healthz/, /^\/[^/?]+\.[a-z0-9]+$/i],
      runtimeCaching: [
        {
          // An exam's reads: the member (for the session offline), the exam, its type counts, its
          // problem pages, the member's progress; a study session, the list of them, the review
          // deck and each of its problems, /v1/problem?uid=N (decisions 054, 205); the member's
          // strikes, highlights and marks of the problems on screen (decision 197). Cleared when
          // the member leaves (lib/offline-data).
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin &&
            request.method === 'GET' &&
            /^\/v1\/(auth\/me|test\/\d+(\/meta)?|problem|solve\/tests\/\d+|study\/sessions(\/\d+)?|study\/review|annotations)$/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: OFFLINE_CACHES.api,
            // A connection that hangs (a tunnel) falls back to the cache instead of spinning.
            networkTimeoutSeconds: 6,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 },
            matchOptions: { ignoreVary: true },
          },
        },
        {
          urlPattern: ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/uploads/'),
          handler: 'CacheFirst',
          options: {
            cacheName: OFFLINE_CACHES.uploads,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 2000, maxAgeSeconds: year, purgeOnQuotaError: true },
            matchOptions: { ignoreVary: true },
          },
        },
      ],
    },
  });
}

const chunkGroups = lazyChunkGroups();

export default defineConfig({
  plugins: [react(), firstPaint(), routeDocuments(), compileHints(), precompress(), shipNoTestCode(), pwa(), chunkGroups.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench.mjs maps each lazy route to its chunks through dist/.vite/manifest.json.
    manifest: true,
    // Every browser the app supports (ES modules, service workers) knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What index.html loads before the first paint is one chunk beside the entry, not ~50 small
        // ones: on a phone each request costs a round trip (decision 050). Lazy code is grouped the
        // same way (decision 060).
        codeSplitting: { groups: chunkGroups.groups },
      },
    },
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
    // The longest page tests took 16 s of the old 20 s on CI, where they share two cores with the
    // server tests and e2e (decision 057).
    testTimeout: 45_000,
  },
});
