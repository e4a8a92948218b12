// The committed schema snapshot (apps/server/schema.sql, issue 27) is what the migrations make:
// a migration changed without `npm run db:snapshot -w apps/server` fails here, with the lines
// that differ. Checked on PGlite, which the snapshot is printed by (PostgreSQL's own versions
// print a few definitions differently).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { SNAPSHOT_FILE, schemaSnapshot } from '../../src/db/schema-snapshot.js';

describe('schema snapshot', () => {
  it('is up to date with the migrations (npm run db:snapshot -w apps/server writes it)', async () => {
    const handle = openPglite();
    try {
      await handle.migrate();
      const now = await schemaSnapshot(handle.db);
      const committed = readFileSync(join(import.meta.dirname, '..', '..', SNAPSHOT_FILE), 'utf8');
      expect(
        now.split('\n'),
        'run `npm run db:snapshot -w apps/server` and commit schema.sql',
      ).toEqual(committed.split('\n'));
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('has each function and trigger once', () => {
    const committed = readFileSync(join(import.meta.dirname, '..', '..', SNAPSHOT_FILE), 'utf8');
    const names = [...committed.matchAll(/CREATE OR REPLACE FUNCTION public\.(\w+)\(/g)].map(
      (m) => m[1],
    );
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size).toBe(names.length);
    expect(committed).toContain('FUNCTION public.teamup_notifications_from_audit()');
  });
});
