// A new, empty database of the project's driver migrated up to an earlier migration, for tests
// of a later migration's backfill: rows are written as the app wrote them then, and the real
// migrate() applies the rest exactly as a deployment would (a copy of the migrations folder
// whose journal stops at `lastIdx`).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type DbHandle } from '../../src/db/client.js';
import type * as schema from '../../src/db/schema/index.js';
import { migrationsFolder } from '../../src/lib/paths.js';
import { driver, tempDir } from '../helper.js';
import { organizationsBefore0026 } from './before-0026.js';

/** A copy of the migrations folder whose journal ends at `lastIdx` (named `lastTag`). */
function folderUpTo(lastIdx: number, lastTag: string): string {
  const dir = join(tempDir('migrations'), 'drizzle');
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  expect(journal.entries.at(-1)!.tag).toBe(lastTag);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * The database (on PostgreSQL its own, named after `label`, dropped by `close`) migrated up to
 * `lastIdx`; `handle.migrate()` then applies the rest.
 */
export async function databaseAt(
  lastIdx: number,
  lastTag: string,
  label: string,
): Promise<{ handle: DbHandle; close: () => Promise<void> }> {
  const folder = folderUpTo(lastIdx, lastTag);
  if (driver === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const prefix = (process.env.TEST_DB_PREFIX ?? '').replace(/[^a-z0-9_]/gi, '').toLowerCase();
    const name = `teamup_test_${prefix}${label}_${process.env.VITEST_POOL_ID ?? '1'}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString());
    const close = async () => {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    await migratePg(handle.db as unknown as NodePgDatabase<typeof schema>, {
      migrationsFolder: folder,
    });
    return { handle, close };
  }
  const handle = openPglite();
  await migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, {
    migrationsFolder: folder,
  });
  return { handle, close: () => handle.close() };
}

/**
 * `databaseAt` for the tests of one file: each test's database is closed (and on PostgreSQL
 * dropped) after it. Call at the top of the file; the returned function opens one.
 */
export function databaseAtPerTest(lastIdx: number, lastTag: string, label: string) {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });
  return async (): Promise<DbHandle> => {
    const at = await databaseAt(lastIdx, lastTag, label);
    close = at.close;
    return at.handle;
  };
}

/** An organization and its course C101 (teams of 1 to 5, deadline tomorrow). */
export async function orgAndCourse({ db }: DbHandle) {
  const [org] = await db
    .insert(organizationsBefore0026)
    .values({ name: 'Org', slug: 'org' })
    .returning();
  // Raw SQL: the schema's insert names every column it knows, and the courses columns of later
  // migrations (0024) do not exist in a database migrated to an earlier one.
  const { rows } = (await db.execute(sql`
    insert into courses (organization_id, code, title, term, team_size_min, team_size_max,
      team_formation_deadline)
    values (${org!.id}, 'C101', 'C', 'Fall 2026', 1, 5, now() + interval '1 day')
    returning id, organization_id as "organizationId", code`)) as unknown as {
    rows: { id: string; organizationId: string; code: string }[];
  };
  const course = rows[0];
  return { org: org!, course: course! };
}
