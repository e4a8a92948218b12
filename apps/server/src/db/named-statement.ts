// A raw SQL statement sent as a named prepared statement (decision 105): PostgreSQL parses it
// once per connection and, once it settles on a generic plan, stops planning it on every call.
// The community's statements are large (visibility rule, cards, invite options): planning one
// took 17 ms against 9.5 ms to run it. The name is derived from the statement's text, so each
// combination of filters is its own statement and the same text always gets the same name.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

interface RawCapable {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
  };
}

const names = new Map<string, string>();

function nameOf(prefix: string, text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

/** Runs `query` like `db.execute`, as a prepared statement named after its text. */
export function executeNamed(db: DbOrTx, prefix: string, query: SQL): Promise<unknown> {
  const raw = db as unknown as RawCapable;
  const built = raw.dialect.sqlToQuery(query);
  return raw.session
    .prepareQuery(built, undefined, nameOf(prefix, built.sql), false)
    .execute(undefined);
}
