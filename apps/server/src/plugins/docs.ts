import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@teamup/shared';
import { serverVersion } from '../lib/paths.js';
import { isStaffAccess, type RouteAccess } from '../lib/route.js';

export const DOCS_PREFIX = '/api/docs';

const errorEnvelopeJson = z.toJSONSchema(errorEnvelopeSchema, { target: 'openapi-3.0' });

/**
 * The operation's name for generated clients, from its method and URL, e.g.
 * `GET /api/v1/student/teams/{id}` → `getStudentTeamsById`, `POST /api/v1/auth/refresh-token`
 * → `postAuthRefreshToken`. The API prefix is left out; each path parameter reads `By<Name>`.
 * Two routes never share a method and URL, so the names are unique and stable.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v\d+(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^(?:\{(.+)\}|:(.+))$/.exec(segment);
      const name = param ? (param[1] ?? param[2])! : segment;
      const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ['By', ...parts] : parts;
    });
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return method.toLowerCase() + words.map(capital).join('');
}

/** Routes registered by third-party plugins inside a scope get this hook: they are public. */
export function markRoutesPublic(route: RouteOptions): void {
  route.config = { ...route.config, access: route.config?.access ?? 'public' };
}

export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Teamup API',
          description:
            'Every response is `{ success: true, data, message? }` or `{ success: false, message, code, details? }`.',
          version: serverVersion,
        },
        // The API is served by the same origin as this document (paths carry /api/v1).
        servers: [{ url: '/', description: 'This server' }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        if (!out.schema || out.schema.hide) return out;
        const access = (input.route.config as { access?: RouteAccess } | undefined)?.access;
        const isProtected = access !== 'public';
        const method = [input.route.method].flat()[0]!;
        const who =
          access === 'public'
            ? 'anyone'
            : access === 'authenticated'
              ? 'any signed-in user'
              : isStaffAccess(access)
                ? `${access.roles.join(', ')}, or the course's ${access.courseStaff === 'INSTRUCTOR' ? 'instructors' : 'instructors and teaching assistants'}`
                : (access?.join(', ') ?? 'undeclared');
        // Decision 149: a signed-in change takes an Idempotency-Key (the idempotency plugin).
        const changes = isProtected && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
        const headers = (out.schema.headers ?? undefined) as
          { type?: string; properties?: Record<string, unknown>; required?: string[] } | undefined;
        const withKey = changes
          ? {
              headers: {
                ...headers,
                type: 'object',
                properties: {
                  ...headers?.properties,
                  'idempotency-key': {
                    type: 'string',
                    pattern: '^[\\x21-\\x7e]{1,255}$',
                    description:
                      'One key per user action: a repeat with the same key within 24 hours gets the first answer (with `Idempotent-Replayed: true`) and does nothing again; the same key with another request is refused with 422 IDEMPOTENCY_KEY_REUSED.',
                  },
                },
              },
            }
          : {};
        return {
          ...out,
          schema: {
            ...out.schema,
            ...withKey,
            operationId: operationIdOf(method, input.url),
            // An empty list states that the call needs no credentials (public routes).
            security: isProtected ? [{ bearerAuth: [] }] : [],
            description: [out.schema.description, `Access: ${who}.`].filter(Boolean).join('\n\n'),
            // Every failure has the same shape, from the one error handler.
            response: {
              ...(out.schema.response as Record<string, unknown> | undefined),
              '4XX': { description: 'Error envelope', ...errorEnvelopeJson },
              '5XX': { description: 'Error envelope (no internals)', ...errorEnvelopeJson },
            },
          },
        };
      },
    });
    await app.register(async (scope) => {
      scope.addHook('onRoute', markRoutesPublic);
      await scope.register(swaggerUi, {
        routePrefix: DOCS_PREFIX,
        // Its page loads only its own scripts, so it works under the app's CSP as it is.
        uiConfig: { validatorUrl: null, persistAuthorization: false },
      });
    });
  },
  { name: 'docs', dependencies: ['auth'] },
);
