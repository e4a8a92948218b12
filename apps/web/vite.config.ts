import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Absolute paths so the build works whether vite runs from apps/web or from the repo root.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  resolve: { alias: { '@': here('./src') } },
  plugins: [
    // Must run before the React plugin: it rewrites route files for code splitting.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
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
    sourcemap: 'hidden', // Maps written, not linked; scripts/compress-assets.mjs moves them out.
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        // Vite 8 (Rolldown) takes only the function form.
        manualChunks(id: string) {
          if (/node_modules\/@mantine\/(core|hooks|notifications|form)\//.test(id))
            return 'mantine';
          if (/node_modules\/@tanstack\/(react-router|react-query)\//.test(id)) return 'tanstack';
          return undefined;
        },
      },
    },
  },
});
