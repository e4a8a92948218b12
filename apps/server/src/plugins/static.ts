import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import { markRoutesPublic } from './docs.js';

/**
 * Serves the built web app and answers unknown paths: the SPA's index.html for page paths (the
 * web router takes over), else a 404 in the envelope (unknown API routes, missing files).
 */
export const staticPlugin = fp(
  async (app: FastifyInstance, opts: { config: Pick<Config, 'WEB_DIST_DIR'> }) => {
    const root = opts.config.WEB_DIST_DIR;
    const built = existsSync(join(root, 'index.html'));
    if (built) {
      await app.register(async (scope) => {
        scope.addHook('onRoute', markRoutesPublic);
        await scope.register(fastifyStatic, {
          root,
          cacheControl: false,
          setHeaders: (res, path) => {
            // Vite fingerprints everything under assets/; index.html must always be fresh.
            res.setHeader(
              'cache-control',
              path.includes(`${join(root, 'assets')}`)
                ? 'public, max-age=31536000, immutable'
                : 'no-cache',
            );
          },
        });
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !extname(path);
      const isApi = path === '/api' || path.startsWith('/api/');
      if (isApi || !isPage) {
        // The envelope, and nothing of the request in it: the path is the caller's input.
        return reply.status(404).send({
          success: false,
          message: isApi ? 'There is no such API route' : 'Not found',
          code: 'NOT_FOUND',
        });
      }
      if (!built) {
        return reply
          .status(404)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet: run `npm run build`, then restart the server.');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'static', dependencies: ['errors'] },
);
