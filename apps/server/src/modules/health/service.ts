import { sql } from 'drizzle-orm';
import type { DetailedHealth } from '@teamup/shared';
import type { DbHandle } from '../../db/client.js';
import { serverVersion } from '../../lib/paths.js';

async function probeDatabase(handle: DbHandle): Promise<DetailedHealth['database']> {
  const started = performance.now();
  try {
    await handle.db.execute(sql`select 1`);
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    return { driver: handle.driver, reachable: true, latencyMs };
  } catch {
    return { driver: handle.driver, reachable: false, latencyMs: null };
  }
}

export async function detailedHealth(handle: DbHandle): Promise<DetailedHealth> {
  const database = await probeDatabase(handle);
  const memory = process.memoryUsage();
  return {
    status: database.reachable ? 'ok' : 'degraded',
    version: serverVersion,
    uptimeSeconds: Math.round(process.uptime()),
    database,
    memory: {
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
    },
  };
}
