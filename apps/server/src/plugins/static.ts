import { existsSync, readdirSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import type { FrameAncestors } from '../modules/lti/frame-ancestors.js';
import { markRoutesPublic } from './docs.js';
import { addVary } from '../lib/vary.js';

/**
 * Page paths that have their own prerendered HTML (decision 100): the web build writes
 * `prerendered/index.html` for `/`, `prerendered/auth/login.html` for `/auth/login`, and so on;
 * a `[name]` segment stands for any one path segment (`prerendered/courses/[courseId].html`
 * answers `/courses/{id}`, as the route `/courses/:courseId`).
 */
function prerenderedPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = join(root, 'prerendered');
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.html')) continue;
    const file = ['prerendered', ...entry.split(sep)].join('/');
    const path =
      entry === 'index.html'
        ? '/'
        : `/${entry
            .slice(0, -'.html'.length)
            .split(sep)
            .map((segment) => segment.replace(/^\[(\w+)\]$/, ':$1'))
            .join('/')}`;
    pages.set(path, file);
  }
  return pages;
}

/**
 * Serves the built web app and answers unknown paths: the SPA's index.html for page paths (the
 * web router takes over), else a 404 in the envelope (unknown API routes, missing files).
 *
 * Files go out pre-compressed (decision 090): the build writes `x.br` and `x.gz` beside each text
 * file, and the one the client accepts is sent, brotli first, else the file itself; every file
 * answer says `Vary: Accept-Encoding`. Hashed files under assets/ are cached for a year,
 * index.html is revalidated (ETag, Last-Modified). Source maps are never served. A page path with
 * a prerendered file gets that file instead of the empty index.html, with the same headers.
 *
 * A page (an HTML document) may be framed by Teamup only, unless `frames` finds that a launch of
 * an LMS opened it in that LMS's frame (decision 142).
 */
export const staticPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { config: Pick<Config, 'WEB_DIST_DIR'>; frames?: FrameAncestors },
  ) => {
    const root = opts.config.WEB_DIST_DIR;
    const framing = async (request: FastifyRequest, reply: FastifyReply) => {
      // A page, or its revalidation (a 304 updates the headers the browser kept).
      const page =
        String(reply.getHeader('content-type') ?? '').startsWith('text/html') ||
        reply.statusCode === 304;
      if (page && opts.frames) await opts.frames.apply(request, reply);
    };
    const built = existsSync(join(root, 'index.html'));
    const prerendered = built ? prerenderedPages(root) : new Map<string, string>();
    if (built) {
      await app.register(async (scope) => {
        scope.addHook('onRoute', markRoutesPublic);
        scope.addHook('onSend', async (request, reply, payload) => {
          if (reply.statusCode < 400) addVary(reply, 'Accept-Encoding');
          await framing(request, reply);
          return payload;
        });
        await scope.register(fastifyStatic, {
          root,
          preCompressed: true,
          // The build moves maps out of dist; should one be left there, it is still not served.
          allowedPath: (pathname) => !pathname.endsWith('.map'),
          cacheControl: false,
          setHeaders: (res, path) => {
            // Vite fingerprints everything under assets/; index.html must always be fresh.
            res.setHeader(
              'cache-control',
              path.startsWith(join(root, 'assets') + sep)
                ? 'public, max-age=31536000, immutable'
                : 'no-cache',
            );
          },
        });
        // Exact paths, so they take precedence over the wildcard of the files above.
        for (const [path, file] of prerendered) {
          scope.get(path, (_request, reply) =>
            reply.header('cache-control', 'no-cache').sendFile(file),
          );
        }
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
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
      addVary(reply, 'Accept-Encoding');
      reply.header('content-type', 'text/html; charset=utf-8');
      await framing(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'static', dependencies: ['errors'] },
);
