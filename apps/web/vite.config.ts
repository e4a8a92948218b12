import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkAudiences } from './scripts/chunk-audiences.mjs';

// Absolute paths so the build works whether vite runs from apps/web or from the repo root.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Routes whose components load with the entry: the landing and login pages (decision 091), and
 * the role areas' layouts, whose component is the router's `Outlet` (a 72-byte chunk each,
 * requested by every signed-in page, decision 127).
 */
const UNSPLIT_ROUTES = new Set([
  '/',
  '/auth/login',
  '/_authenticated/_student',
  '/_authenticated/admin',
  '/_authenticated/s',
]);

const audiences = chunkAudiences();

export default defineConfig({
  root: here('.'),
  resolve: { alias: { '@': here('./src') } },
  plugins: [
    // Must run before the React plugin: it rewrites route files for code splitting.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The landing and login pages are what a visitor opens first: their code goes in the entry
      // (preloaded by index.html) instead of a chunk fetched only after the entry has run.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (UNSPLIT_ROUTES.has(routeId) ? [] : undefined),
      },
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    audiences.plugin,
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // Read by scripts/check-bundle-budget.mjs to find the entry set.
    manifest: true,
    sourcemap: 'hidden', // Maps written, not linked; scripts/compress-assets.mjs moves them out.
    rolldownOptions: {
      output: {
        // Chunking (decision 127). Rolldown does not assume the entry has run when a lazy route
        // chunk loads, so left alone it cut every module shared by the entry and a route, or by two
        // routes, into a chunk of its own: 155 files, a signed-in page loading 72, 43 of its
        // responses under 1 KB. These groups, highest priority first, say where code goes:
        codeSplitting: {
          groups: [
            // zod's core, one chunk every schema user imports (decision 095). Its configuration
            // (app/zod-config.ts) is the first module of the shell, which main.tsx imports first.
            { name: 'zod-core', test: /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]/, priority: 90 },
            // React, the router and the query cache change less often than the app: one file that
            // stays cached across deploys. A group takes its modules' dependencies with it, so
            // React is named here rather than left to whichever group reaches it first.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|react-query|router-core|query-core|history|store|react-store))[\\/]/,
              priority: 80,
            },
            // Everything else the entry imports statically, in one file with the entry's own
            // modules (it is the entry's `index-*.js`): the first pages' shell, not thirty files of
            // a few hundred bytes.
            { name: 'shell', tags: ['$initial'], priority: 70 },
            // The staff dashboards' chart library: named, so tests can tell a student page never
            // loads it (e2e/first-load.spec.ts). After the shell, so what it shares with the first
            // pages stays there.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|recharts-scale|@mantine[\\/]charts|d3-[a-z-]+|internmap|victory-vendor|decimal\.js-light|lodash|react-smooth|fast-equals|eventemitter3)[\\/]/,
              priority: 60,
              // Its own modules only: the Mantine components it builds on stay with their users.
              includeDependenciesRecursively: false,
            },
            // What lazy chunks share, by who loads it (scripts/chunk-audiences.mjs): the signed-in
            // layout's code, and what two or more routes of one audience, or of several, use. A
            // module only one route uses stays in that route's chunk.
            ...(['layout', 'shared', 'staff', 'student', 'admin', 'superadmin'] as const).map(
              (name, index) => ({
                name,
                test: (id: string) => audiences.classOf(id) === name,
                // Wider audiences first: a group takes its modules' dependencies along, and those
                // are as wide or wider, so they must be placed before.
                priority: 50 - index,
              }),
            ),
          ],
        },
      },
    },
  },
});
