// Who loads each module of the web build, so vite.config.ts can put the code that signed-in
// pages share in a few chunks by audience (decision 127) instead of one chunk per set of routes.
//
// After the module graph is built, every module a lazy chunk needs (static imports from a
// dynamically imported module, not counting what the entry already loads) gets one class:
//   - 'layout'      the signed-in layout needs it: every signed-in page loads it;
//   - 'student', 'admin', 'superadmin'
//                   two or more lazy modules need it, all of that audience's routes;
//   - 'staff'       two or more lazy modules need it, admin and superadmin routes only;
//   - 'shared'      two or more lazy modules need it, of more than one audience, or modules that
//                   are not routes of one audience (community, profile, lazy components);
//   - nothing       one lazy module needs it: it stays in that module's chunk.
// A module's dependencies are needed by every lazy module that needs it, so their class is as
// wide or wider: a chunk only imports chunks of wider audiences, and none imports back.
//
// Index modules that only re-export ("barrels": `@mantine/core`, `@mantine/hooks`, the icons)
// are looked through: `import { Table } from '@mantine/core'` counts as an import of Table's own
// module. Otherwise every page would seem to use every component (or, the barrel being in the
// entry, none), and the component would land in a chunk for the wrong pages.

/** The signed-in layout's component, which every signed-in page renders inside. */
export const LAYOUT_ROOT = /[\\/]src[\\/]routes[\\/]_authenticated[\\/]route\.tsx\?tsr-split=/;

/** The audience of a lazy module by its route file, or null (not a route of one audience). */
export function audienceOf(id) {
  const route = /[\\/]src[\\/]routes[\\/]_authenticated[\\/](_student|admin|s)[\\/]/.exec(id);
  if (!route) return null;
  return { _student: 'student', admin: 'admin', s: 'superadmin' }[route[1]];
}

/**
 * The class of every module that a lazy chunk needs. `graph` maps a module id to
 * `{ imports, dynamicImports, isEntry }` (ids); the result maps an id to its class.
 */
export function classify(graph) {
  const closure = (start, stop) => {
    const seen = new Set();
    const todo = [start];
    while (todo.length > 0) {
      const id = todo.pop();
      if (seen.has(id) || stop.has(id) || !graph.has(id)) continue;
      seen.add(id);
      todo.push(...graph.get(id).imports);
    }
    return seen;
  };
  const initial = new Set();
  for (const [id, node] of graph) {
    if (node.isEntry) for (const reached of closure(id, initial)) initial.add(reached);
  }
  const lazyRoots = new Set();
  for (const node of graph.values()) for (const id of node.dynamicImports) lazyRoots.add(id);

  const users = new Map();
  const layout = new Set();
  for (const root of lazyRoots) {
    if (initial.has(root)) continue;
    for (const id of closure(root, initial)) {
      if (!users.has(id)) users.set(id, new Set());
      users.get(id).add(root);
      if (LAYOUT_ROOT.test(root)) layout.add(id);
    }
  }
  const classes = new Map();
  for (const [id, roots] of users) {
    // A lazy module itself starts its own chunk (the manifest names it; prerender.mjs reads it).
    if (id.startsWith('\0') || lazyRoots.has(id)) continue;
    if (layout.has(id)) classes.set(id, 'layout');
    else if (roots.size > 1) {
      const audiences = new Set([...roots].map(audienceOf));
      const [only] = audiences;
      if (audiences.size === 1 && only) classes.set(id, only);
      // Staff screens only (organization admins and superadmins): no student page loads it.
      else if (!audiences.has(null) && !audiences.has('student')) classes.set(id, 'staff');
      else classes.set(id, 'shared');
    }
  }
  return classes;
}

const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const STAR_REEXPORT = /export\s*\*\s*from\s*['"]([^'"]+)['"]/g;
const NAMED_IMPORT = /import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** A module made of re-exports only (comments and side-effect imports aside): a barrel. */
const ONLY_REEXPORTS =
  /^(?:\s*(?:export\s*(?:\*|\{[^}]*\})\s*from\s*['"][^'"]+['"]|import\s*\*\s*as\s*[\w$]+\s*from\s*['"][^'"]+['"]|import\s*['"][^'"]+['"]|export\s*\{[^}]*\})\s*;?)*\s*$/;

/** `A, B as C, default as D` -> [[exported, local]]: [['A','A'], ['C','B'], ['D','default']]. */
function specifiers(list) {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [local, exported = local] = part.split(/\s+as\s+/);
      return [exported.trim(), local.trim()];
    });
}

const withoutComments = (code) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Whether `code` only re-exports other modules. */
export function isBarrel(code) {
  return Boolean(code) && /\bexport\b/.test(code) && ONLY_REEXPORTS.test(withoutComments(code));
}

/**
 * The module behind each name a barrel exports. `resolve(specifier)` gives the id a specifier of
 * the barrel resolves to; `exportsOf(id)` the names a module exports (for `export *`).
 */
export function namesOfBarrel(code, resolve, exportsOf) {
  const names = new Map();
  for (const [, from] of code.matchAll(STAR_REEXPORT)) {
    const target = resolve(from);
    for (const name of target ? exportsOf(target) : [])
      if (!names.has(name)) names.set(name, target);
  }
  for (const [, list, from] of code.matchAll(REEXPORT)) {
    const target = resolve(from);
    if (target) for (const [exported] of specifiers(list)) names.set(exported, target);
  }
  return names;
}

/**
 * The modules `code` imports by name from a barrel, as the modules that define those names.
 * `barrelOf(specifier)` gives the barrel's name map when the specifier resolves to a barrel.
 */
export function throughBarrels(code, barrelOf) {
  const out = [];
  for (const [, list, from] of code.matchAll(NAMED_IMPORT)) {
    const names = barrelOf(from);
    if (!names) continue;
    for (const [, imported] of specifiers(list)) {
      const target = names.get(imported);
      if (target) out.push(target);
    }
  }
  return out;
}

/**
 * A Vite/Rolldown plugin that classifies the graph once it is built, and `classOf(id)` for the
 * chunk groups' `test` functions, which Rolldown calls after that.
 */
export function chunkAudiences() {
  let classes = new Map();
  return {
    classOf: (id) => classes.get(id) ?? null,
    plugin: {
      name: 'teamup:chunk-audiences',
      apply: 'build',
      // DEBUG_CHUNKS=<regexp of chunk names> vite build: the largest modules of those chunks.
      generateBundle(_options, bundle) {
        const only = process.env.DEBUG_CHUNKS;
        if (!only) return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !new RegExp(only).test(chunk.name)) continue;
          const rows = Object.entries(chunk.modules)
            .map(([id, module]) => `${String(module.renderedLength).padStart(8)} ${id}`)
            .sort()
            .reverse();
          console.log(`${chunk.fileName}\n${rows.slice(0, 40).join('\n')}`);
        }
      },
      async buildEnd() {
        const infos = new Map();
        for (const id of this.getModuleIds()) {
          const info = this.getModuleInfo(id);
          if (info) infos.set(id, info);
        }
        const resolved = new Map();
        const resolve = async (specifier, importer) => {
          const bare = !/^[./]/.test(specifier);
          const key = bare ? specifier : `${importer}\0${specifier}`;
          if (!resolved.has(key)) {
            const result = await this.resolve(specifier, importer).catch(() => null);
            resolved.set(key, result && !result.external ? result.id : null);
          }
          return resolved.get(key);
        };
        // Barrels and the module behind each of their names.
        const barrels = new Map();
        for (const [id, info] of infos) {
          if (!isBarrel(info.code)) continue;
          const targets = new Map();
          for (const [, from] of info.code.matchAll(/from\s*['"]([^'"]+)['"]/g)) {
            targets.set(from, await resolve(from, id));
          }
          barrels.set(
            id,
            namesOfBarrel(
              info.code,
              (from) => targets.get(from),
              (target) => infos.get(target)?.exports ?? [],
            ),
          );
        }
        const graph = new Map();
        for (const [id, info] of infos) {
          const through = [];
          if (info.code && info.importedIds.some((imported) => barrels.has(imported))) {
            const specs = new Map();
            for (const [, , from] of info.code.matchAll(NAMED_IMPORT)) {
              const target = await resolve(from, id);
              if (target && barrels.has(target)) specs.set(from, barrels.get(target));
            }
            through.push(...throughBarrels(info.code, (from) => specs.get(from)));
          }
          graph.set(id, {
            imports: [...info.importedIds.filter((imported) => !barrels.has(imported)), ...through],
            dynamicImports: info.dynamicallyImportedIds,
            isEntry: info.isEntry,
          });
        }
        classes = classify(graph);
      },
    },
  };
}
