// Issue 36 (decision 154): the LMS's course sections. A learner's launch carries the LIS claim's
// course_section_sourcedid; the roster sync reads it from the NRPS members when the platform
// sends it (as the member's field, or in the member's message). Both set the enrollment's
// section; a launch without one keeps what is there.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/query-rows.js';
import { giveDomains, makeOrganization } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb } from '../../helper.js';
import { registerPlatform, signedInByLaunchFrom } from './launch-driver.js';
import { LIS, startPlatformSimulator, type PlatformSimulator } from './simulator.js';

let app: FastifyInstance;
let sim: PlatformSimulator;
let org: { id: string };

beforeEach(async () => {
  app = await buildTestApp();
  org = await makeOrganization({ name: 'Uni' });
  await giveDomains(org.id, ['uni.example.edu']);
  sim = await startPlatformSimulator({
    toolBaseUrl: 'http://localhost:5173',
    toolJwks: async () => (await app.inject({ method: 'GET', url: '/lti/jwks' })).json(),
  });
});
afterEach(async () => {
  await sim.close();
});

async function sectionsOf(courseId: string) {
  const { db } = await getWorkerDb();
  const rows = await queryRows<{ email: string; section: string | null }>(
    db,
    sql`select email, section from enrollments where course_id = ${courseId} order by email`,
  );
  return Object.fromEntries(rows.map((r) => [r.email, r.section]));
}

describe('LTI course sections', () => {
  it('a launch with the LIS claim sets the section; a later launch without one keeps it', async () => {
    await registerPlatform(app, sim, org.id);
    const ines = await signedInByLaunchFrom(app, sim, {
      user: {
        sub: 'inst-1',
        name: 'Ines I',
        email: 'ines@uni.example.edu',
        roles: [LIS.instructor],
      },
    });
    const courseId = ines.target.split('/').pop()!;
    const lea = {
      user: { sub: 'l-1', name: 'Lea L', email: 'lea@uni.example.edu', roles: [LIS.learner] },
    };
    await signedInByLaunchFrom(app, sim, {
      ...lea,
      lis: { course_section_sourcedid: '  SE101-002\n', person_sourcedid: 'x' },
    });
    expect(await sectionsOf(courseId)).toEqual({ 'lea@uni.example.edu': 'SE101-002' });
    await signedInByLaunchFrom(app, sim, lea);
    expect(await sectionsOf(courseId)).toEqual({ 'lea@uni.example.edu': 'SE101-002' });
    // A malformed claim is no section, never a refused launch.
    await signedInByLaunchFrom(app, sim, { ...lea, lis: { course_section_sourcedid: 42 } });
    expect(await sectionsOf(courseId)).toEqual({ 'lea@uni.example.edu': 'SE101-002' });
    await signedInByLaunchFrom(app, sim, {
      ...lea,
      lis: { course_section_sourcedid: 'SE101-003' },
    });
    expect(await sectionsOf(courseId)).toEqual({ 'lea@uni.example.edu': 'SE101-003' });

    const course = await app.inject({
      method: 'GET',
      url: `${API}/courses/${courseId}`,
      headers: bearer(ines.token),
    });
    expect(course.json().data.sections).toEqual([{ name: 'SE101-003', activeStudents: 1 }]);
  });

  it('the roster sync takes each member’s section when the platform sends one', async () => {
    await registerPlatform(app, sim, org.id);
    const ines = await signedInByLaunchFrom(app, sim, {
      user: {
        sub: 'inst-1',
        name: 'Ines I',
        email: 'ines@uni.example.edu',
        roles: [LIS.instructor],
      },
    });
    const courseId = ines.target.split('/').pop()!;
    await signedInByLaunchFrom(app, sim, {
      user: { sub: 'l-1', name: 'Lea L', email: 'lea@uni.example.edu', roles: [LIS.learner] },
      lis: { course_section_sourcedid: 'A' },
    });
    sim.setRoster([
      { user_id: 'inst-1', name: 'Ines I', email: 'ines@uni.example.edu', roles: [LIS.instructor] },
      {
        user_id: 'l-1',
        name: 'Lea L',
        email: 'lea@uni.example.edu',
        roles: [LIS.learner],
        lis_course_section_sourcedid: 'B',
      },
      {
        user_id: 'l-2',
        name: 'Max M',
        email: 'max@uni.example.edu',
        roles: [LIS.learner],
        message: [
          { 'https://purl.imsglobal.org/spec/lti/claim/lis': { course_section_sourcedid: 'C' } },
        ],
      },
      { user_id: 'l-3', name: 'Noa N', email: 'noa@uni.example.edu', roles: [LIS.learner] },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `${API}/admin/courses/${courseId}/lti/sync`,
      headers: bearer(ines.token),
      payload: { preview: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sectionsOf(courseId)).toEqual({
      'lea@uni.example.edu': 'B',
      'max@uni.example.edu': 'C',
      'noa@uni.example.edu': null,
    });
  });
});
