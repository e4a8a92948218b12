import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@teamup/shared';
import { serverVersion } from '../lib/paths.js';
import type { RouteAccess } from '../lib/route.js';

export const DOCS_PREFIX = '/api/docs';

const errorEnvelopeJson = z.toJSONSchema(errorEnvelopeSchema, { target: 'openapi-3.0' });

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
        const isProtected = access !== undefined && access !== 'public';
        const who =
          access === 'public'
            ? 'anyone'
            : access === 'authenticated'
              ? 'any signed-in user'
              : (access?.join(', ') ?? 'undeclared');
        return {
          ...out,
          schema: {
            ...out.schema,
            ...(isProtected ? { security: [{ bearerAuth: [] }] } : {}),
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
