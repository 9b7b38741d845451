// How the web build groups lazy code into chunks (decision 060): vite.config.ts passes
// `lazyChunkGroups().groups` to rolldown's codeSplitting and its plugin, which reads the module graph.
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The libraries only some screens need and that are large: the rich-text editor (Tiptap,
 * ProseMirror), the charts (recharts, d3), the import readers. They keep chunks of their own.
 */
const HEAVY_MODULE =
  /node_modules\/(@tiptap|prosemirror-|@mantine\/(tiptap|charts)|recharts|recharts-scale|d3-|victory-vendor|exceljs|mammoth|papaparse|linkifyjs|orderedmap|rope-sequence|w3c-keyname)/;

/**
 * The screens whose JS is grouped for them alone: what a signed-out visitor's first screen loads
 * after the shell (the pages drawn by the static first paint, decision 059, and the lazy parts
 * every page has: the service worker's registration, the toasts, the offline indicator, the route
 * preload), then a student's reading screens. Each gets one chunk of what it uses that those
 * before it do not; /home comes first, so its chunk holds everything it uses. The reading screens
 * come last: left to `common` and `ui`, the problem list evaluated both whole (~380 kB, the
 * authoring, member admin and board modules among them) for the ~half it uses (decision 062).
 */
const FIRST_SCREENS: ReadonlyArray<{ name: string; modules: readonly string[]; readsSchemas: boolean }> = [
  { name: 'home', modules: ['/src/home/home-page.tsx'], readsSchemas: true },
  // route-preload's schemas are those of the member pages it starts reads for, not a visitor's.
  {
    name: 'visitor-shell',
    modules: ['/src/app/route-preload.ts', '/src/offline/register-sw.tsx', '/src/app/toast-container.tsx', '/src/offline/offline-indicator.tsx'],
    readsSchemas: false,
  },
  { name: 'exams', modules: ['/src/exams/exams-page.tsx'], readsSchemas: true },
  // A student's reading screens: an exam's problem list and solve mode.
  { name: 'reader', modules: ['/src/problems/test-problems-page.tsx', '/src/solve/solve-page.tsx'], readsSchemas: true },
];

/**
 * Whether a chunk is part of a first screen: the shell (entry and its groups), the FIRST_SCREENS'
 * groups and their pages' own chunks. These start with V8's compile hint (vite.config.ts
 * `postBanner`): the browser compiles every function of the chunk while it streams in, off the
 * main thread, instead of each on its first call inside the page's first tasks (decision 067).
 */
export function isFirstScreenChunk(chunk: { name: string; isEntry: boolean; facadeModuleId: string | null }): boolean {
  if (chunk.isEntry || chunk.name.startsWith('shell')) return true;
  if (FIRST_SCREENS.some((screen) => chunk.name === `${screen.name}-screen` || chunk.name === `${screen.name}-schemas`)) return true;
  return FIRST_SCREENS.some((screen) => screen.modules.some((module) => chunk.facadeModuleId?.endsWith(module)));
}

/** Packages whose index only re-exports (`export { X } from './x.mjs'`): a page uses the names it imports, not the index. */
const BARRELS: Record<string, string> = {
  '@mantine/core': '/node_modules/@mantine/core/esm/index.mjs',
  '@mantine/hooks': '/node_modules/@mantine/hooks/esm/index.mjs',
  '@tabler/icons-react': '/node_modules/@tabler/icons-react/dist/esm/tabler-icons-react.mjs',
  // `import { X } from './x.js'` then `export { X }`, and query-core's names through `export *`. Without
  // these, /home's use of useQuery took every hook and observer (useQueries, useMutation…) into
  // home-screen, ~2 kB gzip of the first screen for the lazy pages' code.
  '@tanstack/react-query': '/node_modules/@tanstack/react-query/build/modern/index.js',
  '@tanstack/query-core': '/node_modules/@tanstack/query-core/build/modern/index.js',
};

/** The key of a barrel's `export * from` target in barrelExports' map. */
const STAR_EXPORT = '*';

/** The modules a barrel's names come from: name → module id (`importedIds`: the barrel's, for a package it re-exports). */
function barrelExports(id: string, code: string, importedIds: readonly string[]): Map<string, string> {
  const targets = new Map<string, string>();
  const resolve = (from: string) =>
    from.startsWith('.') ? path.resolve(path.dirname(id), from) : importedIds.find((imported) => imported.includes(`/node_modules/${from}/`));
  // `export { A } from './a'`, or `import { A } from './a'` and a plain `export { A }` (the name as exported).
  for (const [, , names, from] of code.matchAll(/(export|import)\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const target = resolve(from!);
    if (!target) continue;
    for (const name of names!.split(',')) {
      const parts = name.trim().split(/\s+as\s+/);
      const local = parts.pop();
      if (local) targets.set(local, target);
    }
  }
  for (const [, names] of code.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const name of names!.split(',')) {
      const [local, exported] = name.trim().split(/\s+as\s+/);
      const target = local && targets.get(local);
      if (target && exported) targets.set(exported, target);
    }
  }
  // `export * from 'package'`: a name found nowhere else comes from there (STAR_EXPORT).
  const star = /export\s*\*\s*from\s*['"]([^'"]+)['"]/.exec(code)?.[1];
  const starTarget = star ? resolve(star) : undefined;
  if (starTarget) targets.set(STAR_EXPORT, starTarget);
  return targets;
}

/** The names `code` imports from `specifier` (`import { A, B as C } from 'specifier'`). */
function namedImports(code: string, specifier: string): string[] {
  const names: string[] = [];
  const quoted = specifier.replace(/[/]/g, '\\/');
  for (const [, list] of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g'))) {
    for (const name of list!.split(',')) {
      const imported = name
        .trim()
        .split(/\s+as\s+/)[0]
        ?.replace(/^type\s+/, '');
      if (imported) names.push(imported);
    }
  }
  return names;
}

/** Every module reachable from `starts` along `next`, `starts` included, except those `stop` refuses. */
function reachable(starts: Iterable<string>, next: (id: string) => readonly string[], stop: (id: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  for (const pending = [...starts]; pending.length > 0;) {
    const id = pending.pop()!;
    if (seen.has(id) || stop(id)) continue;
    seen.add(id);
    pending.push(...next(id));
  }
  return seen;
}

/**
 * Fewer, larger lazy chunks (decision 060). Left to itself the bundler gives every set of pages
 * that shares a module its own chunk: the problem list fetched ~147 files, mostly under 1 kB, and
 * on a phone's connection each costs a round trip. Lazy code is grouped instead: the libraries
 * (Mantine's components, floating-ui, the icons…) in `ui`, and the app's modules that two or more
 * pages share in `common`; a module used by one page stays with it. Two kinds of module stay out
 * of those groups:
 * - one whose static imports reach a heavy library (the editor, the charts), so that no page loads
 *   the editor because a group holds something that imports it;
 * - what the FIRST_SCREENS use, which goes in `<name>-screen` (and `<name>-schemas`): a visitor's
 *   /home loads that and not every page's shared code (the first-screen budget, 150 kB).
 * buildEnd has the whole module graph; the groups are decided after it. Returns the plugin that
 * reads the graph and the groups for `output.codeSplitting`.
 */
export function lazyChunkGroups() {
  let reachesHeavy = new Set<string>();
  let usedByLightApp = new Set<string>();
  /** A first screen's module → the first of FIRST_SCREENS that uses it. */
  const firstScreen = new Map<string, string>();
  const isApp = (id: string) => id.includes('/apps/web/src/') || id.includes('/packages/shared/');
  const plugin: Plugin = {
    name: 'qbank-lazy-chunk-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      reachesHeavy = reachable(
        ids.filter((id) => HEAVY_MODULE.test(id)),
        (id) => info(id)?.importers ?? [],
      );
      // What the app's light modules import, not what only the heavy libraries do (recharts'
      // lodash, Tiptap's colour picker): those stay with the heavy chunks.
      usedByLightApp = reachable(
        ids.filter(isApp),
        (id) => info(id)?.importedIds ?? [],
        (id) => reachesHeavy.has(id),
      );
      // What the first screens use, following a barrel's names to their modules only.
      const barrels = new Map<string, { specifier: string; exports: Map<string, string> }>();
      for (const id of ids) {
        const specifier = Object.keys(BARRELS).find((name) => id.endsWith(BARRELS[name]!));
        if (specifier) barrels.set(id, { specifier, exports: barrelExports(id, info(id)?.code ?? '', info(id)?.importedIds ?? []) });
      }
      // Each first screen's modules, then (for a page) the schemas its reads load through
      // api-client's schema loaders: a chunk of their own, fetched with the page's first read.
      const visit = (starts: string[], owner: string) => {
        const schemas: string[] = [];
        for (const pending = [...starts]; pending.length > 0;) {
          const id = pending.pop()!;
          if (firstScreen.has(id)) continue;
          firstScreen.set(id, owner);
          const module = info(id);
          schemas.push(...(module?.dynamicallyImportedIds ?? []).filter((imported) => imported.includes('/packages/shared/')));
          for (const imported of module?.importedIds ?? []) {
            const barrel = barrels.get(imported);
            if (!barrel) {
              pending.push(imported);
              continue;
            }
            for (const name of namedImports(module?.code ?? '', barrel.specifier)) {
              // Through an `export *` into another barrel (react-query's query-core names) to the name's module.
              let through = barrel;
              let target = through.exports.get(name);
              while (!target && through.exports.has(STAR_EXPORT)) {
                const next = barrels.get(through.exports.get(STAR_EXPORT)!);
                if (!next) {
                  target = through.exports.get(STAR_EXPORT);
                  break;
                }
                through = next;
                target = next.exports.get(name);
              }
              if (!target) this.error(`${id} imports ${name} from ${barrel.specifier}, which its index does not re-export`);
              pending.push(target);
            }
          }
        }
        return schemas;
      };
      for (const screen of FIRST_SCREENS) {
        const schemas = visit(
          ids.filter((id) => screen.modules.some((module) => id.endsWith(module))),
          screen.name,
        );
        if (screen.readsSchemas) visit(schemas, `${screen.name}-schemas`);
      }
    },
  };
  const grouped = (id: string) => usedByLightApp.has(id) && !firstScreen.has(id);
  const groups = [
    // The first screen's JS in three chunks rather than one (decision 067): the browser parses a
    // module as it arrives, so the ~440 kB of the shell were parsed in the task that evaluates
    // them, the page's longest (~38 ms of parsing on this machine). React DOM and the router with
    // the data layer are parsed in tasks of their own; the same bytes, fetched in parallel.
    { name: 'shell-react', tags: ['$initial' as const], test: /\/node_modules\/(react|react-dom|scheduler)\//, priority: 6 },
    { name: 'shell-router', tags: ['$initial' as const], test: /\/node_modules\/(react-router|@tanstack\/)/, priority: 5 },
    { name: 'shell', tags: ['$initial' as const], priority: 4 },
    // The listed modules themselves keep their chunks, so the manifest still names each one (the
    // bench measures /home's first screen from it); what they use is the group's.
    ...FIRST_SCREENS.flatMap((screen) => [
      {
        name: `${screen.name}-screen`,
        test: (id: string) => firstScreen.get(id) === screen.name && !screen.modules.some((module) => id.endsWith(module)),
        priority: 3,
      },
      ...(screen.readsSchemas ? [{ name: `${screen.name}-schemas`, test: (id: string) => firstScreen.get(id) === `${screen.name}-schemas`, priority: 3 }] : []),
    ]),
    { name: 'ui', test: (id: string) => id.includes('/node_modules/') && grouped(id), minShareCount: 2, priority: 2 },
    { name: 'common', test: (id: string) => isApp(id) && grouped(id), minShareCount: 2, priority: 1 },
  ];
  return { plugin, groups };
}
