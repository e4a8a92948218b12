import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '@teamup/shared';

/**
 * Who may call a route: anyone, any signed-in user, or signed-in users with one of the roles.
 * Enforced by the auth plugin before the body is even read.
 */
export type RouteAccess = 'public' | 'authenticated' | readonly Role[];

type ZodRouteOptions<S extends FastifySchema> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What every route must say about itself: its schemas, tags for the docs, and its access. */
type DeclaredSchema = FastifySchema & { tags: string[]; response: Record<number, unknown> };

/**
 * Registers a route with zod typing. Unlike `app.route`, `schema` (with tags and response) and
 * `config.access` are required, so an undeclared route does not compile. The auth plugin
 * still refuses undeclared routes at run time for anything registered another way.
 */
export function defineRoute<const S extends DeclaredSchema>(
  app: FastifyInstance,
  options: ZodRouteOptions<S> & { schema: S; config: FastifyContextConfig },
): void {
  app.withTypeProvider<ZodTypeProvider>().route(options);
}
