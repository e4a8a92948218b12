// Races for the last seat and for one student (DESIGN §7.3). On PostgreSQL the calls run truly
// concurrently on separate connections; on PGlite they queue, and the outcome must be the same.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../../src/db/client.js';
import { joinRequests } from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeTeam } from '../../fixtures.js';
import {
  API,
  bearer,
  buildTestApp,
  driver,
  getWorkerDb,
  signIn,
  workerDatabaseUrl,
} from '../../helper.js';
import {
  invitationRow,
  makeInvitation,
  makeJoinRequest,
  makeStudent,
  membersOf,
  requestRow,
  setTeam,
  teamRow,
  teamWorld,
  teamsOf,
} from './requests-world.js';
import { allAtOnce } from './teams-world.js';

// More connections than racers: with the default pool of 10, 20 accepts would run at most 10
// at a time and the rest would wait for a connection instead of for the team's lock.
const RACE_POOL_MAX = 30;

let app: FastifyInstance;
let raceDb: DbHandle | undefined;
beforeAll(async () => {
  await getWorkerDb();
  if (driver === 'postgres') {
    // The app's own pool on the worker's database, sized as DATABASE_POOL_MAX would size it.
    raceDb = createDb({
      DATABASE_URL: workerDatabaseUrl(),
      DATABASE_POOL_MAX: RACE_POOL_MAX,
      DATA_DIR: '',
    });
  }
  app = await buildTestApp(
    { DATABASE_POOL_MAX: RACE_POOL_MAX },
    { csvWorker: false, ...(raceDb ? { db: raceDb } : {}) },
  );
});
afterAll(async () => {
  // The app does not own this pool; no request is in flight once the tests are done.
  await raceDb?.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers) =>
  app.inject({ method: 'POST', url: `${API}${url}`, headers });

/** [status, code] of each response, sorted, e.g. [[200, undefined], [409, 'TEAM_FULL']]. */
function outcomes(responses: LightMyRequestResponse[]) {
  return responses
    .map((r) => [r.statusCode, r.statusCode === 200 ? undefined : r.json().code] as const)
    .sort((a, b) => a[0] - b[0]);
}

describe('races', () => {
  it('20 concurrent accepts for one free seat: one success, 19 TEAM_FULL, 19 still pending', async () => {
    const w = await teamWorld(app, { maxSize: 3 });
    const requests: Awaited<ReturnType<typeof makeJoinRequest>>[] = [];
    for (let i = 0; i < 20; i++) {
      const student = await makeStudent(w.course.id, { fullname: `Applicant ${i}` });
      requests.push(await makeJoinRequest(w.team, student.id));
    }

    const responses = await allAtOnce(w.team.id, 20, () =>
      Promise.all(requests.map((r) => post(`/student/join-requests/${r.id}/accept`, w.as.lea))),
    );

    expect(outcomes(responses)).toEqual([
      [200, undefined],
      ...Array.from({ length: 19 }, () => [409, 'TEAM_FULL']),
    ]);
    const team = await teamRow(w.team.id);
    expect(team.memberCount).toBe(3);
    expect(team.memberCount).toBe(team.maxSize);
    expect(await membersOf(w.team.id)).toHaveLength(3);
    const statuses = await Promise.all(requests.map(async (r) => (await requestRow(r.id)).status));
    expect(statuses.filter((s) => s === 'ACCEPTED')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'PENDING')).toHaveLength(19);
    const winner = requests[responses.findIndex((r) => r.statusCode === 200)]!;
    expect(await membersOf(w.team.id)).toContain(winner.userId);
  });

  it('an invitation and a join request accepted at once for the last seat: one wins, one TEAM_FULL', async () => {
    const w = await teamWorld(app, { maxSize: 3 });
    for (let round = 0; round < 3; round++) {
      if (round > 0) {
        // Free the seat the previous round filled: a fresh invitee and applicant race again.
        await setTeam(w.team.id, { maxSize: 3 + round });
      }
      const invitee = await makeStudent(w.course.id, { fullname: `Invitee ${round}` });
      const applicant = await makeStudent(w.course.id, { fullname: `Applicant ${round}` });
      const invitation = await makeInvitation(w.team, invitee.id);
      const request = await makeJoinRequest(w.team, applicant.id);
      const inviteeHeaders = bearer((await signIn(app, invitee.email)).token);

      const responses = await Promise.all([
        post(`/student/invitations/${invitation.id}/accept`, inviteeHeaders),
        post(`/student/join-requests/${request.id}/accept`, w.as.lea),
      ]);

      expect(outcomes(responses)).toEqual([
        [200, undefined],
        [409, 'TEAM_FULL'],
      ]);
      const team = await teamRow(w.team.id);
      expect(team.memberCount).toBe(team.maxSize);
      const invitationWon = responses[0]!.statusCode === 200;
      expect((await invitationRow(invitation.id)).status).toBe(
        invitationWon ? 'ACCEPTED' : 'PENDING',
      );
      expect((await requestRow(request.id)).status).toBe(invitationWon ? 'PENDING' : 'ACCEPTED');
      expect(await teamsOf(w.course.id, invitee.id)).toEqual(invitationWon ? [w.team.id] : []);
      expect(await teamsOf(w.course.id, applicant.id)).toEqual(invitationWon ? [] : [w.team.id]);
    }
  });

  it('two leaders accept the same student at once: one success, one ALREADY_IN_TEAM', async () => {
    const w = await teamWorld(app);
    const tomHeaders = w.as.tom;
    for (let round = 0; round < 3; round++) {
      // A fresh course each round, with Lea and Tom leading a team each.
      const course = await makeCourse(w.orgA.id, { code: `R${round}` });
      for (const user of [w.lea, w.tom]) {
        await makeEnrollment(course.id, { email: user.email, userId: user.id });
      }
      const student = await makeStudent(course.id, { fullname: `Wanted ${round}` });
      const teamOfLea = await makeTeam(course.id, w.lea.id, { name: `Lea ${round}` });
      const teamOfTom = await makeTeam(course.id, w.tom.id, { name: `Tom ${round}` });
      const toLea = await makeJoinRequest(teamOfLea, student.id);
      const toTom = await makeJoinRequest(teamOfTom, student.id);

      const responses = await Promise.all([
        post(`/student/join-requests/${toLea.id}/accept`, w.as.lea),
        post(`/student/join-requests/${toTom.id}/accept`, tomHeaders),
      ]);

      expect(outcomes(responses)).toEqual([
        [200, undefined],
        [409, 'ALREADY_IN_TEAM'],
      ]);
      const joined = await teamsOf(course.id, student.id);
      expect(joined).toHaveLength(1);
      const leaWon = responses[0]!.statusCode === 200;
      expect(joined[0]).toBe(leaWon ? teamOfLea.id : teamOfTom.id);
      // The winner's accept cancelled the other request.
      expect((await requestRow(leaWon ? toTom.id : toLea.id)).status).toBe('CANCELLED');
      expect((await teamRow(teamOfLea.id)).memberCount).toBe(leaWon ? 2 : 1);
      expect((await teamRow(teamOfTom.id)).memberCount).toBe(leaWon ? 1 : 2);
    }
  });

  it('two concurrent applications by one student to one team: one 201, one ALREADY_REQUESTED', async () => {
    const w = await teamWorld(app);
    const apply = () =>
      app.inject({
        method: 'POST',
        url: `${API}/student/teams/${w.team.id}/join-requests`,
        headers: w.as.sue,
        payload: { message: 'me!' },
      });

    const responses = await Promise.all([apply(), apply()]);

    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().code).toBe('ALREADY_REQUESTED');
    const { db } = await getWorkerDb();
    const rows = await db
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.teamId, w.team.id), eq(joinRequests.userId, w.sue.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('PENDING');
  });
});
