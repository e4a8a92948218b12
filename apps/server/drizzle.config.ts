import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema and the dialect: the same migrations serve PGlite and
// PostgreSQL, and they are applied by the server itself at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
