// Issue 24 item 4 (decision 121): another student never learns that an admin set someone
// INACTIVE. A student sees their own status; another student sees a course on a card only where
// that student is ACTIVE, and a course filter lists only its ACTIVE students; admins see all.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityProfile, CommunityStudent, ProfileActivityEntry } from '@teamup/shared';
import { users } from '../../../src/db/schema/index.js';
import { recordAudit } from '../../../src/lib/audit.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { communityWorld, type CommunityWorld } from './community-world.js';

type Headers = Record<string, string>;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

/** The community world where Ines (INACTIVE in One) opened her profile: Vera may see her. */
async function inesOpen(): Promise<CommunityWorld> {
  const w = await communityWorld(app);
  const { db } = await getWorkerDb();
  await db.update(users).set({ profileVisibility: 'ORGANIZATION' }).where(eq(users.id, w.ines.id));
  return w;
}

describe('an inactive enrollment stays between the student and the admins', () => {
  async function get<T>(url: string, headers: Headers): Promise<T> {
    const res = await app.inject({ method: 'GET', url: `${API}${url}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  }
  const statuses = (card: CommunityStudent | undefined) =>
    card?.courses.map((c) => [c.code, c.enrollmentStatus]);

  it('profile and card: a classmate sees no course where she is inactive', async () => {
    const w = await inesOpen();
    const profile = await get<CommunityProfile>(`/community/students/${w.ines.id}`, w.as.vera);
    expect(statuses(profile)).toEqual([]);
    const list = await get<{ items: CommunityStudent[] }>('/community/students', w.as.vera);
    expect(statuses(list.items.find((c) => c.id === w.ines.id))).toEqual([]);
    const stats = await get<{ coursesInCommon: number }>(
      `/community/students/${w.ines.id}/stats`,
      w.as.vera,
    );
    expect(stats.coursesInCommon).toBe(0);
  });

  it('a course filter lists only its active students to a student', async () => {
    const w = await inesOpen();
    const inOne = await get<{ items: CommunityStudent[] }>(
      `/community/students?courseId=${w.one.id}`,
      w.as.vera,
    );
    expect(inOne.items.map((c) => c.fullname)).not.toContain('Ines Inactive');
    const asAdmin = await get<{ items: CommunityStudent[] }>(
      `/community/students?courseId=${w.one.id}`,
      w.as.adminA,
    );
    expect(statuses(asAdmin.items.find((c) => c.id === w.ines.id))).toEqual([
      ['ONE101', 'INACTIVE'],
    ]);
  });

  it('she sees her own status; admins see it', async () => {
    const w = await inesOpen();
    const asInes = bearer((await signIn(app, w.ines.email)).token);
    const own = await get<CommunityProfile>(`/community/students/${w.ines.id}`, asInes);
    expect(statuses(own)).toEqual([['ONE101', 'INACTIVE']]);
    const admin = await get<CommunityProfile>(`/community/students/${w.ines.id}`, w.as.adminA);
    expect(statuses(admin)).toEqual([['ONE101', 'INACTIVE']]);
  });

  it('a classmate reads none of her history in the course she is inactive in', async () => {
    const w = await inesOpen();
    await recordAudit((await getWorkerDb()).db, {
      action: 'TEAM_CREATED',
      actorId: w.ines.id,
      organizationId: w.orgA.id,
      courseId: w.one.id,
      teamId: w.team.id,
    });
    const path = `/community/students/${w.ines.id}/activity`;
    expect((await get<{ items: ProfileActivityEntry[] }>(path, w.as.vera)).items).toEqual([]);
    expect((await get<{ items: ProfileActivityEntry[] }>(path, w.as.adminA)).items).toHaveLength(1);
  });
});
