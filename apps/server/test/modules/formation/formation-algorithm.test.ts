// Property tests of the pure auto-placement (issue 15, decision 116) over random courses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  newTeamSizes,
  proposeFormation,
  type AlgoOptions,
  type AlgoStudent,
  type FormationInput,
} from '../../../src/modules/formation/formation-algorithm.js';

const SKILLS = ['Python', 'python ', 'React', 'SQL', 'Go', 'Design'];
const uuid = (prefix: number, n: number) =>
  `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const student = (n: number, skills: string[]): AlgoStudent => ({
  userId: uuid(1, n),
  fullname: `Student ${n}`,
  email: `s${n}@example.edu`,
  skills,
});

/** A random course: sizes, teams with members, teamless students, requests and invitations. */
const courseArb = (limits: { teams: number; students: number; max: number }) =>
  fc
    .record({
      min: fc.integer({ min: 1, max: limits.max }),
      span: fc.integer({ min: 0, max: 3 }),
      teams: fc.array(
        fc.record({
          members: fc.integer({ min: 1, max: limits.max + 2 }),
          extra: fc.integer({ min: -2, max: 3 }),
          open: fc.boolean(),
          wanted: fc.subarray(SKILLS),
        }),
        { maxLength: limits.teams },
      ),
      students: fc.array(fc.subarray(SKILLS), { maxLength: limits.students }),
      choices: fc.array(
        fc.record({ s: fc.nat(), t: fc.nat(), kind: fc.constantFrom('r', 'i', 'both') }),
        { maxLength: 12 },
      ),
      exclude: fc.array(fc.nat(), { maxLength: 3 }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      leaveClosed: fc.boolean(),
      merge: fc.boolean(),
    })
    .map((r) => {
      const max = r.min + r.span;
      let n = 0;
      const teams = r.teams.map((t, i) => {
        const members = Array.from({ length: t.members }, () => student(1000 + n++, ['SQL']));
        return {
          id: uuid(2, i),
          name: `Team ${i + 1}`,
          maxSize: Math.max(1, members.length, Math.min(max + 1, members.length + t.extra)),
          openToRequests: t.open,
          wantedSkills: t.wanted,
          members,
        };
      });
      const students = r.students.map((skills, i) => student(i, skills));
      const requests: { userId: string; teamId: string }[] = [];
      const invitations: { userId: string; teamId: string }[] = [];
      if (students.length && teams.length) {
        for (const c of r.choices) {
          const pair = {
            userId: students[c.s % students.length]!.userId,
            teamId: teams[c.t % teams.length]!.id,
          };
          if (c.kind !== 'i') requests.push(pair);
          if (c.kind !== 'r') invitations.push(pair);
        }
      }
      const input: FormationInput = {
        courseId: uuid(3, 0),
        courseCode: 'CS401',
        teamSizeMin: r.min,
        teamSizeMax: max,
        teams,
        students,
        requests: dedupe(requests),
        invitations: dedupe(invitations),
      };
      const options: AlgoOptions = {
        seed: r.seed,
        leaveClosedTeamsAlone: r.leaveClosed,
        excludeUserIds: students.length
          ? r.exclude.map((e) => students[e % students.length]!.userId)
          : [],
        mergeUnderMinimum: r.merge,
      };
      return { input, options };
    });

function dedupe(rows: { userId: string; teamId: string }[]) {
  const seen = new Set<string>();
  return rows.filter(
    (r) => !seen.has(`${r.userId}${r.teamId}`) && seen.add(`${r.userId}${r.teamId}`),
  );
}

/** Final sizes of every team (existing by id, new by key), from the placements. */
function finalSizes(input: FormationInput, proposal: ReturnType<typeof proposeFormation>) {
  const sizes = new Map<string, number>(proposal.teams.map((t) => [t.key, t.members.length]));
  for (const p of proposal.placements) {
    sizes.set(p.teamKey, sizes.get(p.teamKey)! + 1);
    if (p.fromTeamId) sizes.set(p.fromTeamId, sizes.get(p.fromTeamId)! - 1);
  }
  return sizes;
}

/**
 * The oracle: the least number of teams under the minimum, by brute force over how many
 * students each open team takes (0..its free seats), the rest split into new teams as well as
 * a DP over part sizes allows. Independent of the algorithm's reasoning.
 */
function bruteForceMinimum(input: FormationInput, options: AlgoOptions): number {
  const min = input.teamSizeMin;
  const max = input.teamSizeMax;
  const excluded = new Set(options.excludeUserIds);
  const n = input.students.filter((s) => !excluded.has(s.userId)).length;
  const locked = (t: FormationInput['teams'][number]) =>
    options.leaveClosedTeamsAlone && !t.openToRequests;
  const fixedShort = input.teams.filter((t) => locked(t) && t.members.length < min).length;
  const open = input.teams.filter((t) => !locked(t));
  // shortNew[r]: fewest short parts when r students form new teams of at most `max`.
  const shortNew = [0];
  for (let r = 1; r <= n; r++) {
    let best = Infinity;
    for (let p = 1; p <= Math.min(max, r); p++)
      best = Math.min(best, shortNew[r - p]! + (p < min ? 1 : 0));
    shortNew.push(best);
  }
  let best = Infinity;
  const walk = (i: number, left: number, short: number) => {
    if (i === open.length) {
      best = Math.min(best, short + shortNew[left]!);
      return;
    }
    const t = open[i]!;
    for (let k = 0; k <= Math.min(left, t.maxSize - t.members.length); k++) {
      walk(i + 1, left - k, short + (t.members.length + k < min ? 1 : 0));
    }
  };
  walk(0, n, 0);
  return best + fixedShort;
}

describe('proposeFormation (properties)', () => {
  it('places nobody twice, keeps every team within its maximum, places every placeable student', () => {
    fc.assert(
      fc.property(courseArb({ teams: 8, students: 40, max: 6 }), ({ input, options }) => {
        const proposal = proposeFormation(input, options);
        const ids = proposal.placements.map((p) => p.userId);
        expect(new Set(ids).size).toBe(ids.length);
        const sizes = finalSizes(input, proposal);
        for (const t of proposal.teams) {
          expect(sizes.get(t.key)!).toBeLessThanOrEqual(
            t.teamId ? Math.max(t.maxSize, t.members.length) : input.teamSizeMax,
          );
        }
        const excluded = new Set(options.excludeUserIds);
        const placed = new Set(ids);
        for (const s of input.students) {
          expect(placed.has(s.userId)).toBe(!excluded.has(s.userId));
        }
        expect(proposal.unplaced.map((u) => u.student.userId).sort()).toEqual(
          input.students
            .filter((s) => excluded.has(s.userId))
            .map((s) => s.userId)
            .sort(),
        );
        for (const p of proposal.placements) expect(p.explanation.length).toBeGreaterThan(5);
      }),
      { numRuns: 400 },
    );
  });

  it('leaves locked teams and existing members untouched (merges aside)', () => {
    fc.assert(
      fc.property(courseArb({ teams: 8, students: 30, max: 5 }), ({ input, options }) => {
        const proposal = proposeFormation(input, options);
        const locked = new Set(proposal.teams.filter((t) => t.locked).map((t) => t.key));
        const members = new Set(input.teams.flatMap((t) => t.members.map((m) => m.userId)));
        for (const p of proposal.placements) {
          expect(locked.has(p.teamKey)).toBe(false);
          if (p.fromTeamId) {
            expect(options.mergeUnderMinimum).toBe(true);
            expect(locked.has(p.fromTeamId)).toBe(false);
          } else {
            expect(members.has(p.userId)).toBe(false);
          }
        }
        for (const t of input.teams) {
          expect(locked.has(t.id)).toBe(options.leaveClosedTeamsAlone && !t.openToRequests);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves exactly the least number of teams under the minimum (brute-force oracle)', () => {
    fc.assert(
      fc.property(courseArb({ teams: 4, students: 12, max: 4 }), ({ input, options }) => {
        const plain = { ...options, mergeUnderMinimum: false };
        const proposal = proposeFormation(input, plain);
        const sizes = finalSizes(input, proposal);
        const counted = [...sizes.values()].filter((n) => n > 0 && n < input.teamSizeMin).length;
        expect(proposal.summary.underMinimum).toBe(counted);
        expect(counted).toBe(bruteForceMinimum(input, plain));
        expect(proposal.summary.underMinimumReason === null).toBe(counted === 0);
        // Merging never leaves more teams short.
        const merged = proposeFormation(input, { ...options, mergeUnderMinimum: true });
        expect(merged.summary.underMinimum).toBeLessThanOrEqual(counted);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives a byte-identical proposal for the same input and seed', () => {
    fc.assert(
      fc.property(courseArb({ teams: 6, students: 30, max: 5 }), ({ input, options }) => {
        const a = JSON.stringify(proposeFormation(input, options));
        const shuffledInput = {
          ...input,
          teams: [...input.teams].reverse(),
          students: [...input.students].reverse(),
        };
        expect(JSON.stringify(proposeFormation(shuffledInput, options))).toBe(a);
        expect(JSON.stringify(proposeFormation(input, options))).toBe(a);
      }),
      { numRuns: 200 },
    );
  });
});

describe('proposeFormation (examples)', () => {
  const team = (
    i: number,
    members: number,
    extra: Partial<FormationInput['teams'][number]> = {},
  ) => ({
    id: uuid(2, i),
    name: ['Rockets', 'Comets'][i] ?? `T${i}`,
    maxSize: 4,
    openToRequests: true,
    wantedSkills: [],
    members: Array.from({ length: members }, (_, k) => student(500 + i * 10 + k, [])),
    ...extra,
  });
  const base = (over: Partial<FormationInput>): FormationInput => ({
    courseId: uuid(3, 0),
    courseCode: 'CS401',
    teamSizeMin: 3,
    teamSizeMax: 4,
    teams: [],
    students: [],
    requests: [],
    invitations: [],
    ...over,
  });
  const options: AlgoOptions = {
    seed: 7,
    leaveClosedTeamsAlone: true,
    excludeUserIds: [],
    mergeUnderMinimum: false,
  };

  it('explains mutual choices, skill fit and top-ups in a line', () => {
    const students = [student(1, ['Go']), student(2, ['python']), student(3, [])];
    const input = base({
      teams: [team(0, 1, { wantedSkills: ['Python'] })],
      students,
      requests: [{ userId: students[0]!.userId, teamId: uuid(2, 0) }],
      invitations: [{ userId: students[0]!.userId, teamId: uuid(2, 0) }],
    });
    const proposal = proposeFormation(input, options);
    const why = new Map(proposal.placements.map((p) => [p.userId, p.explanation]));
    expect(why.get(students[0]!.userId)).toBe('Asked to join Rockets and was invited by it');
    expect(why.get(students[1]!.userId)).toBe(
      'Tops up Rockets to the minimum of 3; brings python, which it wants',
    );
    expect(why.get(students[2]!.userId)).toBe('Fills an open seat in Rockets');
    expect(proposal.summary).toMatchObject({ placed: 3, newTeams: 0, underMinimum: 0 });
  });

  it('says why teams stay under the minimum', () => {
    const students = Array.from({ length: 7 }, (_, i) => student(i, []));
    const proposal = proposeFormation(base({ teamSizeMin: 5, teamSizeMax: 6, students }), options);
    expect(proposal.summary.underMinimum).toBe(1);
    expect(proposal.summary.underMinimumReason).toBe(
      '7 students cannot all be in teams of 5–6 (the open seats are taken).',
    );
    expect(newTeamSizes(12, 5, 6)).toEqual([6, 6]);
    expect(newTeamSizes(7, 5, 6)).toEqual([6, 1]);
  });

  it('names new teams after the course, without clashing with live teams', () => {
    const students = Array.from({ length: 8 }, (_, i) => student(i, []));
    const newNames = (courseCode: string, liveName: string) =>
      proposeFormation(
        base({ courseCode, teams: [team(0, 3, { name: liveName, maxSize: 3 })], students }),
        options,
      )
        .teams.filter((t) => !t.teamId)
        .map((t) => [t.key, t.name]);
    expect(newNames('CS401', 'cs401 team 1')).toEqual([
      ['new-1', 'CS401 Team 2'],
      ['new-2', 'CS401 Team 3'],
    ]);
    // Two courses' new teams are told apart in an admin's lists, exports and notifications.
    expect(newNames('ENG305', 'Team 1')).toEqual([
      ['new-1', 'ENG305 Team 1'],
      ['new-2', 'ENG305 Team 2'],
    ]);
  });

  it('merges teams still under the minimum when asked', () => {
    const input = base({ teams: [team(0, 1), team(1, 1)] });
    const proposal = proposeFormation(input, { ...options, mergeUnderMinimum: true });
    expect(proposal.placements).toHaveLength(1);
    expect(proposal.placements[0]).toMatchObject({ fromTeamId: uuid(2, 0), teamKey: uuid(2, 1) });
    expect(proposal.summary.underMinimum).toBe(1);
  });

  it('previews 2,000 teamless students well under a second', () => {
    const students = Array.from({ length: 2000 }, (_, i) =>
      student(i, [SKILLS[i % 6]!, SKILLS[(i * 7) % 6]!]),
    );
    const teams = Array.from({ length: 100 }, (_, i) =>
      team(i, 1 + (i % 4), { maxSize: 5, wantedSkills: [SKILLS[i % 6]!] }),
    );
    const input = base({ teamSizeMin: 3, teamSizeMax: 5, teams, students });
    // The fastest of three runs (the first pays for compiling). A guard against a quadratic
    // turn, loose for shared CI machines: `npm run bench:formation` measures the target.
    let fastest = Infinity;
    let proposal = proposeFormation(input, options);
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      proposal = proposeFormation(input, options);
      fastest = Math.min(fastest, performance.now() - started);
    }
    expect(fastest).toBeLessThan(1500);
    expect(proposal.summary.placed).toBe(2000);
  });
});
