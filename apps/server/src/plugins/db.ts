import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, DbHandle } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

/** The handle's owner (buildApp, or a test's worker) closes it, not this plugin. */
export interface DbPluginOptions {
  handle: DbHandle;
}

export const dbPlugin = fp(
  async (app: FastifyInstance, opts: DbPluginOptions) => {
    app.decorate('db', opts.handle.db);
    app.decorate('dbHandle', opts.handle);
  },
  { name: 'db' },
);
