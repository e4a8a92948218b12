import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { server: 'src/server.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  // The shared package is TypeScript source (decision 002): it has to be compiled into the
  // bundle. Everything else stays an ordinary runtime dependency.
  noExternal: ['@teamup/shared'],
});
