// Auto-placement for a course (issue 15, decisions 115, 116): preview proposes and writes
// nothing; apply takes the admin's (possibly edited) placements and writes them in one
// transaction, set-based, under the locks every membership change takes.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  FORMATION_SEED_MAX,
  SIZE_PLAN_TEAM_MAX,
  formationOptionsSchema,
  type SizePlanRow,
  type FormationApplyBody,
  type FormationApplyResult,
  type FormationOptions,
  type FormationProposal,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AuditEntry } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { badRequest, conflict } from '../../plugins/errors.js';
import type { FormationInput } from './formation-algorithm.js';
import { hasSections, placeBySection, placeWhole, sectionsOf } from './formation-sections.js';
import {
  formationCourse,
  formationFingerprint,
  readFormationInput,
  type FormationCourse,
} from './formation-input.js';
import { setLeaveReason } from '../../lib/team-lock.js';
import { readSurveyForFormation } from '../../lib/survey-sql.js';
import type { FormationSurvey } from './formation-survey.js';
import { callerScope, type Caller } from '../../lib/org-scope.js';

export async function previewFormation(
  db: DbOrTx,
  caller: Caller,
  courseId: string,
  rawOptions: FormationOptions,
): Promise<FormationProposal> {
  const options = formationOptionsSchema.parse(rawOptions);
  const course = await formationCourse(db, await callerScope(db, caller), courseId);
  const [input, survey] = await Promise.all([
    readFormationInput(db, course),
    readSurveyForFormation(db, course.id),
  ]);
  const seed = options.seed ?? randomInt(0, FORMATION_SEED_MAX);
  const excludeUserIds = [...new Set(options.excludeUserIds)].sort();
  // Issue 36 (decision 154): sections and the size plan.
  const sizePlan = checkSizePlan(options.sizePlan, course);
  // Within sections only when there are two groups to keep apart (one section, or none, is
  // the whole course); the proposal says what was done.
  const bySection = (options.bySection ?? hasSections(input)) && sectionsOf(input).length >= 2;
  const placed = (bySection ? placeBySection : placeWhole)(input, survey, {
    seed,
    leaveClosedTeamsAlone: options.leaveClosedTeamsAlone,
    excludeUserIds,
    mergeUnderMinimum: options.mergeUnderMinimum,
    sizePlan,
    useSurvey: options.useSurvey,
    keepSelfFormedTeams: options.keepSelfFormedTeams,
  });
  const proposal = placed.proposal;
  const none = { score: null, criteria: [], project: null, section: null };
  return {
    courseId,
    seed,
    options: {
      leaveClosedTeamsAlone: options.leaveClosedTeamsAlone,
      excludeUserIds,
      mergeUnderMinimum: options.mergeUnderMinimum,
      useSurvey: options.useSurvey,
      keepSelfFormedTeams: options.keepSelfFormedTeams,
      bySection,
      sizePlan,
    },
    sections: placed.sections,
    criteria: placed.criteria,
    fingerprint: formationFingerprint(input, seed, survey),
    course: { teamSizeMin: course.teamSizeMin, teamSizeMax: course.teamSizeMax },
    ...proposal,
    teams: proposal.teams.map((t) => ({
      ...t,
      ...(placed.teams.get(t.key) ?? none),
    })),
  };
}

/**
 * Issue 36: a size plan's teams are at least the course's minimum (a smaller team is a course
 * setting, not a plan) and at most 50; 400 otherwise, and nothing is proposed. Largest first.
 */
function checkSizePlan(plan: SizePlanRow[], course: FormationCourse): SizePlanRow[] {
  for (const row of plan) {
    if (row.size < course.teamSizeMin) {
      throw badRequest(
        `A team of ${row.size} is under the course's minimum of ${course.teamSizeMin}; plan teams of ${course.teamSizeMin} to ${SIZE_PLAN_TEAM_MAX}, or change the course's team sizes`,
      );
    }
  }
  return [...plan].sort((a, b) => b.size - a.size);
}

export const STALE_MESSAGE =
  'The course changed since this proposal was made (someone joined, left or asked); preview again and apply the fresh proposal';
const REQUEST_REASON = 'Placed by team formation';

const invalid = (message: string) => badRequest(message);

export interface Checked {
  /** New team key -> name, only the keys that receive someone. */
  newTeams: { key: string; name: string; userIds: string[]; maxSize: number }[];
  /** Placements into existing teams. */
  adds: { userId: string; teamId: string }[];
  moves: { userId: string; fromTeamId: string; toKey: string }[];
  /** Existing teams emptied by merges (disbanded). */
  emptied: string[];
}

/**
 * The admin's placements against the rules, on the input read under the locks. Nothing is
 * written; the first problem is the answer (400 for a placement that cannot be, 409 TEAM_FULL
 * for one team over its size).
 */
export function checkPlacements(input: FormationInput, body: FormationApplyBody): Checked {
  const teamById = new Map(input.teams.map((t) => [t.id, t]));
  const teamOf = new Map<string, string>();
  for (const t of input.teams) for (const m of t.members) teamOf.set(m.userId, t.id);
  const teamless = new Set(input.students.map((s) => s.userId));

  const declared = new Map<string, string>();
  const declaredSize = new Map<string, number>();
  const names = new Set(input.teams.map((t) => t.name.toLowerCase()));
  for (const t of body.newTeams) {
    if (declared.has(t.key)) throw invalid(`New team ${t.key} is declared twice`);
    const name = t.name.trim();
    if (names.has(name.toLowerCase())) {
      throw invalid(`The name "${name}" is already taken by another team of the course`);
    }
    names.add(name.toLowerCase());
    declared.set(t.key, name);
    // Issue 36: a size plan's team may be larger than the course's; never smaller.
    declaredSize.set(t.key, Math.max(input.teamSizeMax, t.maxSize ?? 0));
  }

  const seen = new Set<string>();
  const incoming = new Map<string, number>();
  const outgoing = new Map<string, number>();
  const adds: Checked['adds'] = [];
  const moves: Checked['moves'] = [];
  const newMembers = new Map<string, string[]>();
  for (const p of body.placements) {
    if (seen.has(p.userId)) throw invalid('A student is placed twice');
    seen.add(p.userId);
    const isNew = declared.has(p.teamKey);
    if (!isNew && !teamById.has(p.teamKey)) {
      throw invalid(`Team ${p.teamKey} is neither a live team of the course nor a new team`);
    }
    const from = teamOf.get(p.userId);
    if (from) {
      if (from === p.teamKey) throw invalid('A student is placed in the team they are in');
      moves.push({ userId: p.userId, fromTeamId: from, toKey: p.teamKey });
      outgoing.set(from, (outgoing.get(from) ?? 0) + 1);
    } else if (!teamless.has(p.userId)) {
      throw invalid(
        'A placed student is not an active student of the course without a team (or a member of one of its teams)',
      );
    } else if (!isNew) {
      adds.push({ userId: p.userId, teamId: p.teamKey });
    }
    if (isNew) {
      newMembers.set(p.teamKey, [...(newMembers.get(p.teamKey) ?? []), p.userId]);
    } else {
      incoming.set(p.teamKey, (incoming.get(p.teamKey) ?? 0) + 1);
    }
  }

  // A merge moves a whole team. Otherwise (criteria placement that re-forms teams, issue 27)
  // members may move while the leader stays: the team stays theirs, so no leadership changes
  // hands and no team is emptied by a partial move.
  const emptied: string[] = [];
  const moved = new Set(moves.map((m) => m.userId));
  for (const [teamId, out] of outgoing) {
    const team = teamById.get(teamId)!;
    if (out === team.members.length) {
      if (incoming.get(teamId)) {
        throw invalid(`${team.name} is merged into another team, so nobody can be placed in it`);
      }
      emptied.push(teamId);
    } else if (team.leaderId && moved.has(team.leaderId)) {
      throw invalid(
        `The leader of ${team.name} can only move with the whole team; move the other members instead`,
      );
    }
  }
  for (const teamId of new Set([...incoming.keys(), ...outgoing.keys()])) {
    const team = teamById.get(teamId)!;
    const size = team.members.length + (incoming.get(teamId) ?? 0) - (outgoing.get(teamId) ?? 0);
    if (size > team.maxSize) {
      throw conflict(
        'TEAM_FULL',
        `${team.name} would have ${size} members; it takes at most ${team.maxSize}`,
      );
    }
  }
  const newTeams = [...declared]
    .filter(([key]) => newMembers.has(key))
    .map(([key, name]) => ({
      key,
      name,
      userIds: newMembers.get(key)!,
      maxSize: declaredSize.get(key)!,
    }));
  for (const t of newTeams) {
    if (t.userIds.length > t.maxSize) {
      throw conflict(
        'TEAM_FULL',
        t.maxSize === input.teamSizeMax
          ? `New team ${t.name} would have ${t.userIds.length} members; the course allows at most ${input.teamSizeMax}`
          : `New team ${t.name} would have ${t.userIds.length} members; it was planned for at most ${t.maxSize}`,
      );
    }
  }
  return { newTeams, adds, moves, emptied: emptied.sort() };
}

/**
 * The projects the proposal gives teams (a project question, issue 27): each a project of the
 * survey, each team once, a project to no more teams than its capacity, and only teams that exist
 * or are created. Returns team key -> project name.
 */
export function checkProjects(
  input: FormationInput,
  body: FormationApplyBody,
  checked: Checked,
  survey: FormationSurvey | null,
): Map<string, string> {
  const given = new Map<string, string>();
  if (!body.projects?.length) return given;
  const question = survey?.questions.find((q) => q.type === 'PROJECT');
  if (!question || question.type !== 'PROJECT') {
    throw invalid('The course’s survey has no project question, so no project can be given');
  }
  const projects = new Map(question.projects.map((p) => [p.id, p]));
  const keys = new Set([...input.teams.map((t) => t.id), ...checked.newTeams.map((t) => t.key)]);
  const uses = new Map<string, number>();
  for (const { teamKey, projectId } of body.projects) {
    const project = projects.get(projectId);
    if (!project) throw invalid(`Project ${projectId} is not one of the survey's projects`);
    if (!keys.has(teamKey)) throw invalid(`Team ${teamKey} is neither a live team nor a new team`);
    if (given.has(teamKey)) throw invalid('A team is given two projects');
    given.set(teamKey, project.name);
    uses.set(projectId, (uses.get(projectId) ?? 0) + 1);
    if (uses.get(projectId)! > project.capacity) {
      throw invalid(`${project.name} can go to at most ${project.capacity} teams`);
    }
  }
  return given;
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

/**
 * Applies the admin's placements in the caller's transaction: locks the course's live teams
 * (id order), then the placed students' enrollment rows (id order), re-reads the input and
 * compares fingerprints (409 STALE_PROPOSAL), checks the placements, then writes set-based: a
 * fixed number of statements whatever the number of students.
 */
export async function applyFormation(
  tx: DbOrTx,
  caller: Caller,
  courseId: string,
  body: FormationApplyBody,
): Promise<FormationApplyResult> {
  const course = await formationCourse(tx, await callerScope(tx, caller), courseId);
  const userIds = [...new Set(body.placements.map((p) => p.userId))].sort();
  await tx.execute(
    sql`select id from teams where course_id = ${course.id} and disbanded_at is null order by id for update`,
  );
  await tx.execute(
    sql`select id from enrollments where course_id = ${course.id} and user_id = any(${sqlUuids(userIds)}) order by id for update`,
  );
  const input = await readFormationInput(tx, course, true);
  const survey = await readSurveyForFormation(tx, course.id);
  if (formationFingerprint(input, body.seed, survey) !== body.fingerprint) {
    throw conflict('STALE_PROPOSAL', STALE_MESSAGE);
  }
  const checked = checkPlacements(input, body);
  const projects = checkProjects(input, body, checked, survey);
  try {
    return await writePlacements(tx, caller, course, input, body, checked, projects);
  } catch (error) {
    // A team created or joined after our read (a student's own new team is not among the
    // locked rows): the constraints refuse it, and the whole apply is undone.
    if (isUniqueViolation(error)) throw conflict('STALE_PROPOSAL', STALE_MESSAGE);
    throw error;
  }
}

const sqlUuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const sqlJson = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

async function writePlacements(
  tx: DbOrTx,
  caller: Caller,
  course: FormationCourse,
  input: FormationInput,
  body: FormationApplyBody,
  checked: Checked,
  projects: Map<string, string>,
): Promise<FormationApplyResult> {
  const scope = { organizationId: course.organizationId, courseId: course.id };
  const teamName = new Map(input.teams.map((t) => [t.id, t.name]));
  const audits: AuditEntry[] = [];
  const base = { byAdmin: true, formation: true, seed: body.seed };

  // 1. New teams, led by their first placed student, with their final member count.
  const created = new Map<string, { id: string; name: string }>();
  if (checked.newTeams.length) {
    const rows = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`
        insert into teams (course_id, name, leader_id, max_size, member_count, created_by)
        select ${course.id}, x.name, x.leader_id, x.max_size, x.members, ${caller.userId}
        from jsonb_to_recordset(${sqlJson(
          checked.newTeams.map((t) => ({
            key: t.key,
            name: t.name,
            leader_id: t.userIds[0],
            members: t.userIds.length,
            max_size: t.maxSize,
          })),
        )}) as x(key text, name text, leader_id uuid, members int, max_size int)
        returning id, name`),
    );
    // Names are unique among the course's live teams (case-insensitive), so they find the keys.
    const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
    for (const t of checked.newTeams) created.set(t.key, byName.get(t.name.toLowerCase())!);
    for (const t of checked.newTeams) {
      const team = created.get(t.key)!;
      audits.push({
        ...scope,
        teamId: team.id,
        actorId: caller.userId,
        action: 'TEAM_CREATED',
        targetUserId: t.userIds[0]!,
        data: { ...base, name: team.name, leaderId: t.userIds[0] },
      });
    }
  }
  const movers = new Set(checked.moves.map((m) => m.userId));
  const idOf = (key: string) => created.get(key)?.id ?? key;
  const nameOf = (key: string) => created.get(key)?.name ?? teamName.get(key)!;

  // 2. Merges: the moved members leave their teams (periods close as MOVED).
  if (checked.moves.length) {
    await setLeaveReason(tx, 'MOVED');
    await tx.execute(sql`
      delete from team_members m using jsonb_to_recordset(${sqlJson(
        checked.moves.map((m) => ({ team_id: m.fromTeamId, user_id: m.userId })),
      )}) as x(team_id uuid, user_id uuid)
      where m.team_id = x.team_id and m.user_id = x.user_id`);
  }

  // 3. Every placed student joins their team.
  const joins = [
    ...checked.adds.map((a) => ({ team_id: a.teamId, user_id: a.userId })),
    ...checked.newTeams.flatMap((t) =>
      t.userIds
        .filter((u) => !movers.has(u))
        .map((u) => ({ team_id: created.get(t.key)!.id, user_id: u })),
    ),
    ...checked.moves.map((m) => ({ team_id: idOf(m.toKey), user_id: m.userId })),
  ];
  if (joins.length) {
    await tx.execute(sql`
      insert into team_members (team_id, user_id, course_id)
      select x.team_id, x.user_id, ${course.id}
      from jsonb_to_recordset(${sqlJson(joins)}) as x(team_id uuid, user_id uuid)`);
  }

  // 4. Member counts of existing teams (new teams were inserted with theirs); emptied teams
  // are disbanded.
  const delta = new Map<string, number>();
  for (const a of checked.adds) delta.set(a.teamId, (delta.get(a.teamId) ?? 0) + 1);
  for (const m of checked.moves) {
    delta.set(m.fromTeamId, (delta.get(m.fromTeamId) ?? 0) - 1);
    if (!created.has(m.toKey)) delta.set(m.toKey, (delta.get(m.toKey) ?? 0) + 1);
  }
  if (delta.size) {
    await tx.execute(sql`
      update teams t set member_count = t.member_count + x.delta, updated_at = now(),
        disbanded_at = case when t.member_count + x.delta = 0 then now() else t.disbanded_at end
      from jsonb_to_recordset(${sqlJson(
        [...delta].map(([id, d]) => ({ id, delta: d })),
      )}) as x(id uuid, delta int)
      where t.id = x.id`);
  }

  // 4b. The projects a criteria placement gave teams (issue 27).
  if (projects.size) {
    await tx.execute(sql`
      update teams t set project = x.project, updated_at = now()
      from jsonb_to_recordset(${sqlJson(
        [...projects].map(([key, project]) => ({ id: idOf(key), project })),
      )}) as x(id uuid, project text)
      where t.id = x.id`);
  }

  // 5. The placed students' open requests and invitations in the course, and those of the
  // disbanded teams, are cancelled.
  const placed = sqlUuids(body.placements.map((p) => p.userId));
  const emptied = sqlUuids(checked.emptied);
  const requests = await tx.execute(sql`
      update join_requests set status = 'CANCELLED', decided_at = now(),
        reason = case when team_id = any(${emptied}) then 'The team was disbanded' else ${REQUEST_REASON} end
      where course_id = ${course.id} and status in ('PENDING', 'WAITLISTED')
        and (user_id = any(${placed}) or team_id = any(${emptied}))
      returning id, team_id as "teamId", user_id as "userId"`);
  const invites = await tx.execute(sql`
      update invitations set status = 'CANCELLED', decided_at = now()
      where course_id = ${course.id} and status = 'PENDING'
        and (invitee_id = any(${placed}) or team_id = any(${emptied}))
      returning id, team_id as "teamId", invitee_id as "userId"`);

  // 6. The audit trail, in one statement (the notification and period triggers follow it).
  for (const a of checked.adds) {
    audits.push({
      ...scope,
      teamId: a.teamId,
      actorId: caller.userId,
      action: 'MEMBER_ADDED_BY_ADMIN',
      targetUserId: a.userId,
      data: base,
    });
  }
  for (const t of checked.newTeams) {
    for (const u of t.userIds) {
      if (movers.has(u)) continue;
      audits.push({
        ...scope,
        teamId: created.get(t.key)!.id,
        actorId: caller.userId,
        action: 'MEMBER_ADDED_BY_ADMIN',
        targetUserId: u,
        data: base,
      });
    }
  }
  for (const m of checked.moves) {
    const to = idOf(m.toKey);
    audits.push(
      {
        ...scope,
        teamId: m.fromTeamId,
        actorId: caller.userId,
        action: 'MEMBER_MOVED_BY_ADMIN',
        targetUserId: m.userId,
        data: { ...base, toTeamId: to, toTeamName: nameOf(m.toKey) },
      },
      {
        ...scope,
        teamId: to,
        actorId: caller.userId,
        action: 'MEMBER_MOVED_BY_ADMIN',
        targetUserId: m.userId,
        data: { ...base, fromTeamId: m.fromTeamId, fromTeamName: teamName.get(m.fromTeamId) },
      },
    );
  }
  for (const teamId of checked.emptied) {
    audits.push({
      ...scope,
      teamId,
      actorId: caller.userId,
      action: 'TEAM_DISBANDED',
      targetUserId: null,
      data: { ...base, reason: 'Merged by team formation', releasedMembers: [] },
    });
  }
  const emptiedSet = new Set(checked.emptied);
  for (const r of rowsOf<{ id: string; teamId: string; userId: string }>(requests)) {
    const reason = emptiedSet.has(r.teamId) ? 'The team was disbanded' : REQUEST_REASON;
    audits.push({
      ...scope,
      teamId: r.teamId,
      actorId: caller.userId,
      action: 'REQUEST_CANCELLED',
      targetUserId: r.userId,
      data: { byAdmin: true, requestId: r.id, reason },
    });
  }
  for (const i of rowsOf<{ id: string; teamId: string; userId: string }>(invites)) {
    const reason = emptiedSet.has(i.teamId) ? 'The team was disbanded' : REQUEST_REASON;
    audits.push({
      ...scope,
      teamId: i.teamId,
      actorId: caller.userId,
      action: 'INVITATION_CANCELLED',
      targetUserId: i.userId,
      data: { byAdmin: true, invitationId: i.id, reason },
    });
  }
  if (audits.length) {
    await tx.execute(sql`
      insert into audit_events (action, actor_id, organization_id, course_id, team_id, target_user_id, data)
      select x.action, x.actor_id, x.organization_id, x.course_id, x.team_id, x.target_user_id, x.data
      from jsonb_to_recordset(${sqlJson(
        audits.map((a, n) => ({
          n,
          action: a.action,
          actor_id: a.actorId,
          organization_id: a.organizationId,
          course_id: a.courseId,
          team_id: a.teamId,
          target_user_id: a.targetUserId,
          data: a.data ?? {},
        })),
      )}) as x(n int, action text, actor_id uuid, organization_id uuid, course_id uuid,
               team_id uuid, target_user_id uuid, data jsonb)
      order by x.n`);
  }

  return {
    placed: body.placements.length,
    createdTeams: checked.newTeams.map((t) => created.get(t.key)!),
    movedFromMerges: checked.moves.length,
  };
}
