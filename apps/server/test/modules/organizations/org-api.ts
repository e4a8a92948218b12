// The organizations calls as a test client uses them, so tests read as what a caller does.
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import {
  auditEvents,
  organizationAdmins,
  organizations,
  users,
} from '../../../src/db/schema/index.js';
import { API, bearer, getWorkerDb } from '../../helper.js';

type Query = Record<string, string | number | boolean>;

export function orgApi(app: FastifyInstance, token: string) {
  const headers = bearer(token);
  const json = (payload: unknown) => payload as Record<string, unknown>;
  return {
    list: (query: Query = {}) =>
      app.inject({ method: 'GET', url: `${API}/organizations`, query: stringify(query), headers }),
    create: (payload: unknown) =>
      app.inject({ method: 'POST', url: `${API}/organizations`, payload: json(payload), headers }),
    update: (id: string, payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: `${API}/organizations/${id}`,
        payload: json(payload),
        headers,
      }),
    remove: (id: string) =>
      app.inject({ method: 'DELETE', url: `${API}/organizations/${id}`, headers }),
    restore: (id: string) =>
      app.inject({ method: 'POST', url: `${API}/organizations/super/${id}/restore`, headers }),
    superList: (query: Query = {}) =>
      app.inject({
        method: 'GET',
        url: `${API}/organizations/super/list`,
        query: stringify(query),
        headers,
      }),
    superGet: (id: string) =>
      app.inject({ method: 'GET', url: `${API}/organizations/super/${id}`, headers }),
    appoint: (id: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `${API}/organizations/super/${id}/admin`,
        payload: json(payload),
        headers,
      }),
    removeAdmin: (id: string, userId: string) =>
      app.inject({
        method: 'DELETE',
        url: `${API}/organizations/super/${id}/admin`,
        query: { userId },
        headers,
      }),
    directory: (query: Query = {}) =>
      app.inject({
        method: 'GET',
        url: `${API}/organizations/super/users/list`,
        query: stringify(query),
        headers,
      }),
    my: (query: Query = {}) =>
      app.inject({
        method: 'GET',
        url: `${API}/organizations/admin/my`,
        query: stringify(query),
        headers,
      }),
    myGet: (id: string) =>
      app.inject({ method: 'GET', url: `${API}/organizations/admin/my/${id}`, headers }),
  };
}

function stringify(query: Query): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

export async function roleOf(email: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return row?.role;
}

/** Everything the organizations calls write, to prove a refused call wrote nothing. */
export async function snapshot() {
  const { db } = await getWorkerDb();
  return {
    organizations: await db.select().from(organizations).orderBy(asc(organizations.id)),
    admins: await db
      .select()
      .from(organizationAdmins)
      .orderBy(asc(organizationAdmins.organizationId), asc(organizationAdmins.userId)),
    users: await db
      .select({ id: users.id, email: users.email, role: users.role, fullname: users.fullname })
      .from(users)
      .orderBy(asc(users.id)),
    audit: await db.select().from(auditEvents).orderBy(asc(auditEvents.id)),
  };
}

export async function auditOf(action: string) {
  const { db } = await getWorkerDb();
  return db.select().from(auditEvents).where(eq(auditEvents.action, action));
}
