import type { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** Both drivers answer raw SQL with `{ rows }`; the shared Db type cannot say so. */
export async function queryRows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
