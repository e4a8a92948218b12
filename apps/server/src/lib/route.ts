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
import type { CourseStaffRole, Role } from '@teamup/shared';

/**
 * A course's admin call that its staff may make too (issue 28, decision 137): the roles, or
 * staff of the course with at least `courseStaff` (a TEACHING_ASSISTANT level admits
 * instructors too). The auth plugin admits a caller of the roles, or anyone who is staff of
 * some course at that level; the service then checks the course itself (403 for another's).
 */
export interface StaffAccess {
  roles: readonly Role[];
  courseStaff: CourseStaffRole;
}

/**
 * Who may call a route: anyone, any signed-in user, signed-in users with one of the roles, or
 * those and a course's staff. Enforced by the auth plugin before the body is even read.
 */
export type RouteAccess = 'public' | 'authenticated' | readonly Role[] | StaffAccess;

export const ADMIN_ROLES = ['ORG_ADMIN', 'SUPERADMIN'] as const satisfies readonly Role[];

/** Organization admins, and the course's instructors and teaching assistants. */
export const COURSE_STAFF: StaffAccess = { roles: ADMIN_ROLES, courseStaff: 'TEACHING_ASSISTANT' };

/** Organization admins and the course's instructors (settings, deletion, restore). */
export const COURSE_INSTRUCTORS: StaffAccess = { roles: ADMIN_ROLES, courseStaff: 'INSTRUCTOR' };

export function isStaffAccess(access: RouteAccess | undefined): access is StaffAccess {
  return typeof access === 'object' && access !== null && 'courseStaff' in access;
}

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
