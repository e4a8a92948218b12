import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  classify,
  isBarrel,
  namesOfBarrel,
  throughBarrels,
} from '../../scripts/chunk-audiences.mjs';

// Decision 127: what the signed-in pages share goes in a few chunks by who loads it.

const R = '/app/src/routes/_authenticated';
const lazy = (path: string) => `${R}/${path}?tsr-split=component`;

/** A module graph from `id: [imports]`, with `dynamic` imported lazily by the entry. */
function graph(edges: Record<string, string[]>, dynamic: string[]) {
  const out = new Map<string, { imports: string[]; dynamicImports: string[]; isEntry: boolean }>();
  out.set('entry', { imports: edges.entry ?? [], dynamicImports: dynamic, isEntry: true });
  for (const [id, imports] of Object.entries(edges)) {
    if (id !== 'entry') out.set(id, { imports, dynamicImports: [], isEntry: false });
  }
  for (const id of dynamic)
    if (!out.has(id)) out.set(id, { imports: [], dynamicImports: [], isEntry: false });
  return out;
}

describe('audienceOf', () => {
  it('reads the role area from the route file', () => {
    expect(audienceOf(lazy('_student/dashboard.tsx'))).toBe('student');
    expect(audienceOf(lazy('admin/csv.tsx'))).toBe('admin');
    expect(audienceOf(lazy('s/health.tsx'))).toBe('superadmin');
    expect(audienceOf(lazy('profile.tsx'))).toBeNull();
  });
});

describe('classify', () => {
  const layout = lazy('route.tsx');
  const dash = lazy('_student/dashboard.tsx');
  const course = lazy('_student/courses/$courseId.tsx');
  const csv = lazy('admin/csv.tsx');
  const health = lazy('s/health.tsx');
  const profile = lazy('profile.tsx');
  const classes = classify(
    graph(
      {
        entry: ['react'],
        [layout]: ['menu', 'react'],
        menu: ['icon'],
        [dash]: ['cards', 'only-dash'],
        [course]: ['cards', 'react'],
        cards: ['format'],
        [csv]: ['table', 'format'],
        [health]: ['table'],
        [profile]: ['format'],
        icon: [],
        'only-dash': [],
        table: [],
        format: [],
      },
      [layout, dash, course, csv, health, profile],
    ),
  );

  it('puts what the layout needs in layout, and what the entry loads in no class', () => {
    expect(classes.get('menu')).toBe('layout');
    expect(classes.get('icon')).toBe('layout');
    expect(classes.has('react')).toBe(false);
  });

  it('groups what two routes share by their audience', () => {
    expect(classes.get('cards')).toBe('student');
    expect(classes.get('table')).toBe('staff');
    expect(classes.get('format')).toBe('shared');
  });

  it('leaves a module one route uses, and the lazy modules themselves, to their own chunk', () => {
    expect(classes.has('only-dash')).toBe(false);
    expect(classes.has(dash)).toBe(false);
    expect(classes.has(layout)).toBe(false);
  });
});

describe('barrels', () => {
  const barrel = `'use client';
import './styles.mjs';
export { Table } from './components/Table.mjs';
export { default as IconX, default as IconY } from './icons/IconX.mjs';
export * from './hooks.mjs';`;

  it('are modules of re-exports only', () => {
    expect(isBarrel(barrel.replace("'use client';\n", ''))).toBe(true);
    expect(isBarrel('export * from "./a.js";\nexport { b } from "./b.js";')).toBe(true);
    expect(isBarrel('import "./main.tsx";')).toBe(false);
    expect(isBarrel('export const a = 1;')).toBe(false);
    expect(isBarrel(null)).toBe(false);
  });

  it('are looked through: a named import counts as an import of the module behind the name', () => {
    const code = barrel.replace("'use client';\n", '');
    const names = namesOfBarrel(
      code,
      (from) => `/lib/${from.slice(2)}`,
      (id) => (id === '/lib/hooks.mjs' ? ['useDisclosure'] : []),
    );
    expect(names.get('Table')).toBe('/lib/components/Table.mjs');
    expect(names.get('IconY')).toBe('/lib/icons/IconX.mjs');
    expect(names.get('useDisclosure')).toBe('/lib/hooks.mjs');
    const user = `import { Table as T, useDisclosure } from "@lib/core";\nimport { x } from "./x";`;
    expect(throughBarrels(user, (from) => (from === '@lib/core' ? names : undefined))).toEqual([
      '/lib/components/Table.mjs',
      '/lib/hooks.mjs',
    ]);
  });
});
