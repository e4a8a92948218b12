import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Absolute paths so the build works whether vite runs from apps/web or from the repo root.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Routes whose components load with the entry (decision 091). */
const UNSPLIT_ROUTES = new Set(['/', '/auth/login']);

const zodConfig = here('./src/app/zod-config.ts');

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
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        // Mantine is not one chunk: its components go with the screens that use them, so the
        // entry carries only what the first pages render (decision 091).
        // Vite 8 (Rolldown) takes only the function form.
        manualChunks(id: string) {
          if (/node_modules\/@tanstack\/(react-router|react-query)\//.test(id)) return 'tanstack';
          // The zod configuration imports no zod (decision 095) and is a chunk of its own that
          // main.tsx imports first, so it runs before any schema is built even if one reaches the
          // entry again. zod's core stays one chunk; the classic API goes with its users.
          if (id === zodConfig) return 'zod-config';
          if (/node_modules\/zod\/v4\/core\//.test(id)) return 'zod-core';
          return undefined;
        },
      },
    },
  },
});
