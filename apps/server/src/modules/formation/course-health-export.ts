// The LMS export of a course's teams (issue 15, decision 118): one member a line, in one of the
// column sets of TEAMS_EXPORT_FORMATS. One statement reads the course (scoped to the caller)
// with every line; `at` reads the membership periods instead of today's members.
import { sql, type SQL } from 'drizzle-orm';
import type { TeamsExportFormat } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { attachmentHeader, csvDocument } from '../../lib/csv-file.js';
import { badRequest } from '../../plugins/errors.js';
import {
  adminCourseScope,
  courseRefusal,
  iso,
  rowsOf,
  type AdminCaller,
} from './course-health-sql.js';

interface ExportLine {
  team: string;
  member: string;
  email: string;
  student_id: string | null;
  leader: boolean;
  joined_at: string;
}

interface ExportRow {
  code: string;
  lines: ExportLine[];
}

/** The student id of `u` in course `c`: their enrollment's (a live one before a removed one). */
const studentId = sql`(select e.student_id from enrollments e
  where e.course_id = c.id and e.user_id = u.id
  order by e.removed_at desc nulls first, e.created_at desc limit 1)`;

/** Today's members of the live teams; the leader is the team's. */
const currentLines = sql`select t.id as team_id, t.name as team, u.id as user_id,
    u.fullname as member, u.email, ${studentId} as student_id,
    (t.leader_id = u.id) as leader, m.joined_at
  from team_members m
  join teams t on t.id = m.team_id and t.disbanded_at is null
  join users u on u.id = m.user_id
  where m.course_id = c.id`;

/**
 * The members at `at`: the periods open then. The leader then is the last LEADER_CHANGED `to`
 * at or before `at`; failing that, the `from` of the first change after it (who was replaced);
 * failing that (leadership never changed), today's leader or the team's creator.
 */
function linesAt(moment: Date): SQL {
  const at = sql`${moment.toISOString()}::timestamptz`;
  return sql`select t.id as team_id, t.name as team, u.id as user_id, u.fullname as member,
      u.email, ${studentId} as student_id,
      (u.id::text = coalesce(
        (select a.data->>'to' from audit_events a
          where a.team_id = t.id and a.action = 'LEADER_CHANGED' and a.created_at <= ${at}
          order by a.created_at desc, a.id desc limit 1),
        (select a.data->>'from' from audit_events a
          where a.team_id = t.id and a.action = 'LEADER_CHANGED' and a.created_at > ${at}
          order by a.created_at, a.id limit 1),
        t.leader_id::text, t.created_by::text)) as leader,
      p.joined_at
    from team_membership_periods p
    join teams t on t.id = p.team_id
    join users u on u.id = p.user_id
    where p.course_id = c.id and p.joined_at <= ${at}
      and (p.left_at is null or p.left_at > ${at})`;
}

function exportStatement(db: DbOrTx, caller: AdminCaller, courseId: string, at: Date | null) {
  return rowsOf<ExportRow>(
    executeNamed(
      db,
      'teams_export',
      sql`select c.code,
        (select coalesce(json_agg(json_build_object(
            'team', x.team, 'member', x.member, 'email', x.email, 'student_id', x.student_id,
            'leader', x.leader, 'joined_at', ${iso(sql`x.joined_at`)})
          order by x.team, x.team_id, x.leader desc, x.joined_at, x.member, x.user_id), '[]'::json)
          from (${at ? linesAt(at) : currentLines}) x) as lines
      from courses c join organizations o on o.id = c.organization_id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
    ),
  );
}

const HEADERS: Record<TeamsExportFormat, readonly string[]> = {
  teamup: ['team', 'member', 'email', 'student_id', 'leader', 'joined_at'],
  // Canvas, "Import groups" of a group set: a user column (user_id is the SIS ID, login_id the
  // login) and group_name; name is there for people, Canvas does not read it.
  canvas: ['name', 'login_id', 'user_id', 'group_name'],
  // Moodle, Site administration > Users > Upload users: username (the email, as Moodle's
  // Google OAuth 2 accounts have it), the course's short name and the group in it.
  moodle: ['username', 'email', 'course1', 'group1'],
};

function cellsOf(format: TeamsExportFormat, code: string, line: ExportLine): string[] {
  switch (format) {
    case 'teamup':
      return [
        line.team,
        line.member,
        line.email,
        line.student_id ?? '',
        line.leader ? 'yes' : 'no',
        line.joined_at,
      ];
    case 'canvas':
      return [line.member, line.email, line.student_id ?? '', line.team];
    case 'moodle':
      return [line.email, line.email, code, line.team];
  }
}

/** "2026-11-25T2236Z": a moment in a file name (no colons). */
const stampOf = (moment: Date) => moment.toISOString().slice(0, 16).replace(':', '') + 'Z';

export interface TeamsExport {
  fileName: string;
  contentDisposition: string;
  body: string;
}

/**
 * GET /admin/courses/{courseId}/teams.csv. `at` later than now is refused (400: the future's
 * teams are not known); one before the course had teams gives the header alone.
 */
export async function exportTeams(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
  query: { at?: string | undefined; format: TeamsExportFormat },
): Promise<TeamsExport> {
  const now = new Date();
  const at = query.at ? new Date(query.at) : null;
  if (at && at.getTime() > now.getTime()) {
    throw badRequest('`at` is in the future: the teams then are not known yet', [
      { path: 'at', message: 'Must not be later than now' },
    ]);
  }
  const [row] = await exportStatement(db, caller, courseId, at);
  if (!row) throw courseRefusal(caller);
  const fileName = `teams-${row.code}-${stampOf(at ?? now)}${query.format === 'teamup' ? '' : `-${query.format}`}.csv`;
  return {
    fileName,
    contentDisposition: attachmentHeader(fileName),
    body: csvDocument(
      HEADERS[query.format],
      row.lines.map((line) => cellsOf(query.format, row.code, line)),
    ),
  };
}
