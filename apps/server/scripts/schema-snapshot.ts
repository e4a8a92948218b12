// `npm run db:snapshot -w apps/server`: migrates a new in-memory database and writes the schema
// it ends with to apps/server/schema.sql (see src/db/schema-snapshot.ts).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../src/db/client.js';
import { SNAPSHOT_FILE, schemaSnapshot } from '../src/db/schema-snapshot.js';

const target = join(dirname(fileURLToPath(import.meta.url)), '..', SNAPSHOT_FILE);
const handle = openPglite();
try {
  await handle.migrate();
  writeFileSync(target, await schemaSnapshot(handle.db));
  console.log(`Wrote ${target}`);
} finally {
  await handle.close();
}
