// The formation dashboard's case of `npm run bench:teams` (issue 13, decision 108): the bench
// organization gets an admin, who asks for the dashboard of all its courses (10 courses, 20,000
// enrollments, 2,000 teams, their requests, invitations and audit trail).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { courses, organizationAdmins, users } from '../src/db/schema/index.js';
import { API, signIn, type Target } from './bench-lib.js';

export async function adminDashboardCases(
  app: FastifyInstance,
  courseId: string,
  port: number,
): Promise<{ name: string; port: number; targets: Target[]; pgUs?: number }[]> {
  const [course] = await app.db
    .select({ organizationId: courses.organizationId })
    .from(courses)
    .where(eq(courses.id, courseId));
  const [admin] = await app.db
    .insert(users)
    .values({ email: 'bench-admin@bench.example.edu', fullname: 'Bench Admin', role: 'ORG_ADMIN' })
    .returning({ id: users.id, email: users.email });
  await app.db
    .insert(organizationAdmins)
    .values({ organizationId: course!.organizationId, userId: admin!.id });
  const token = await signIn(app, admin!.email);
  return [
    {
      name: 'GET /admin/dashboard/stats',
      port,
      targets: [{ path: `${API}/admin/dashboard/stats`, token }],
      // Issue 25: at most 1,000 µs of PostgreSQL CPU per request (decision 129).
      pgUs: 1000,
    },
  ];
}
