// Response serialization alone (decision 097): zod's serializer (parse, then JSON.stringify)
// against the compiled one, on the hot reads' schemas with realistic data, interleaved in one
// process so a busy machine slows both alike. `npx tsx apps/server/scripts/bench-serializer.ts`.
import { randomUUID } from 'node:crypto';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  authUserSchema,
  envelope,
  myTeamsSchema,
  paginated,
  teamDetailSchema,
  teamSummarySchema,
} from '@teamup/shared';
import { compileResponseSchema } from '../src/lib/response-serializer.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20_000);

const person = () => ({
  id: randomUUID(),
  fullname: 'Ada Lovelace',
  email: 'ada.lovelace@example.edu',
  avatar: null,
});
const summary = () => ({
  id: randomUUID(),
  courseId: randomUUID(),
  courseCode: 'CS101',
  courseTitle: 'Introduction to Computer Science',
  name: 'The Analytical Engines',
  description: 'We build things that compute, and we meet on Tuesdays.',
  leader: person(),
  memberCount: 3,
  maxSize: 5,
  openSeats: 2,
  openToRequests: true,
  createdAt: '2026-11-25T01:00:00.000Z',
  disbandedAt: null,
  relation: 'NONE',
});
const detail = () => ({
  ...summary(),
  course: {
    id: randomUUID(),
    code: 'CS101',
    title: 'Introduction to Computer Science',
    organizationId: randomUUID(),
    teamSizeMin: 2,
    teamSizeMax: 5,
    teamFormationDeadline: '2026-12-01T00:00:00.000Z',
    deadlinePassed: false,
    archived: false,
  },
  members: [1, 2, 3].map((i) => ({
    ...person(),
    skills: ['typescript', 'sql'],
    joinedAt: '2026-11-25T01:00:00.000Z',
    isLeader: i === 1,
  })),
  viewer: {
    relation: 'MEMBER',
    isAdmin: false,
    pendingRequestId: null,
    pendingInvitationId: null,
    canApply: false,
    currentTeamId: randomUUID(),
    canReadAudit: true,
    enrollmentStatus: 'ACTIVE',
  },
});

const myTeams = () => ({
  teams: [summary(), summary()],
  requests: [
    {
      id: randomUUID(),
      teamId: randomUUID(),
      teamName: 'The Difference Engines',
      courseId: randomUUID(),
      courseCode: 'CS102',
      applicant: { ...person(), skills: ['python'] },
      message: 'I would like to join.',
      status: 'PENDING',
      reason: null,
      createdAt: '2026-11-25T01:00:00.000Z',
      decidedAt: null,
    },
  ],
});

const cases: [string, z.ZodType, unknown][] = [
  [
    'GET /auth/session/me',
    envelope(authUserSchema),
    {
      success: true,
      data: { ...person(), role: 'STUDENT', expiresAt: '2026-11-25T02:00:00.000Z' },
    },
  ],
  ['GET /student/me/teams', envelope(myTeamsSchema), { success: true, data: myTeams() }],
  [
    'GET /student/courses/:courseId/teams (20)',
    envelope(paginated(teamSummarySchema)),
    {
      success: true,
      data: { items: Array.from({ length: 20 }, summary), page: 1, limit: 20, total: 57 },
    },
  ],
  ['GET /student/teams/:id', envelope(teamDetailSchema), { success: true, data: detail() }],
];

const rows: Record<string, unknown>[] = [];
for (const [name, schema, data] of cases) {
  const compiled = compileResponseSchema(schema);
  if (compiled.mode !== 'compiled') throw new Error(`${name}: not compiled (${compiled.reason})`);
  const zod = zodSerializerCompiler({ schema, method: 'GET', url: name, httpStatus: '200' });
  const compiledFn = compiled.serialize;
  if (zod(data) !== compiledFn(data)) {
    throw new Error(`${name}: the two serializers differ`);
  }
  const time = (fn: (d: unknown) => string) => {
    const start = process.hrtime.bigint();
    let length = 0;
    for (let i = 0; i < ITERATIONS; i++) length += fn(data).length;
    if (length === 0) throw new Error('nothing written');
    return Number(process.hrtime.bigint() - start) / 1000 / ITERATIONS;
  };
  time(zod);
  time(compiledFn);
  const zodUs: number[] = [];
  const compiledUs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    zodUs.push(time(zod));
    compiledUs.push(time(compiledFn));
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  rows.push({
    route: name,
    bytes: compiledFn(data).length,
    'zod µs': median(zodUs).toFixed(1),
    'compiled µs': median(compiledUs).toFixed(1),
    speedup: `${(median(zodUs) / median(compiledUs)).toFixed(1)}×`,
  });
}
console.table(rows);
