import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Course,
  courseListQuerySchema,
  createCourseBodySchema,
  Paginated,
  UpdateCourseBody,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { courses, enrollments, organizations } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { containsPattern } from '../../lib/like-pattern.js';
import {
  adminScope,
  assertInScope,
  courseInScope,
  inScope,
  scopeCondition,
  type AdminScope,
} from '../../lib/org-scope.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.js';

type Caller = Pick<AuthContext, 'userId' | 'role'>;
type CreateCourseInput = z.output<typeof createCourseBodySchema>;
export type CourseListInput = z.output<typeof courseListQuerySchema>;

const courseColumns = {
  id: courses.id,
  organizationId: courses.organizationId,
  organizationName: organizations.name,
  code: courses.code,
  title: courses.title,
  term: courses.term,
  description: courses.description,
  teamSizeMin: courses.teamSizeMin,
  teamSizeMax: courses.teamSizeMax,
  teamFormationDeadline: courses.teamFormationDeadline,
  archivedAt: courses.archivedAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
};

/** Courses with their organization's name; deleted organizations are filtered by callers. */
const selectCourses = (db: DbOrTx) =>
  db
    .select(courseColumns)
    .from(courses)
    .innerJoin(organizations, eq(organizations.id, courses.organizationId));
type CourseBase = Awaited<ReturnType<typeof selectCourses>>[number];

type Counts = Course['enrollmentCounts'];
const NO_ENROLLMENTS: Counts = { active: 0, pending: 0, inactive: 0 };

/** Removed enrollments are hidden everywhere, so they are not counted either. */
async function enrollmentCounts(db: DbOrTx, courseIds: string[]): Promise<Map<string, Counts>> {
  if (courseIds.length === 0) return new Map();
  const countOf = (status: string) =>
    sql<number>`count(*) filter (where ${enrollments.status} = ${status})`.mapWith(Number);
  const rows = await db
    .select({
      courseId: enrollments.courseId,
      active: countOf('ACTIVE'),
      pending: countOf('PENDING'),
      inactive: countOf('INACTIVE'),
    })
    .from(enrollments)
    .where(and(inArray(enrollments.courseId, courseIds), isNull(enrollments.removedAt)))
    .groupBy(enrollments.courseId);
  return new Map(rows.map(({ courseId, ...counts }) => [courseId, counts]));
}

type Sections = Course['sections'];

/** Each course's sections with their active students (issue 36), by name. */
async function courseSections(db: DbOrTx, courseIds: string[]): Promise<Map<string, Sections>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({
      courseId: enrollments.courseId,
      name: enrollments.section,
      activeStudents: sql<number>`count(*) filter (where ${enrollments.status} = 'ACTIVE')`.mapWith(
        Number,
      ),
    })
    .from(enrollments)
    .where(
      and(
        inArray(enrollments.courseId, courseIds),
        isNull(enrollments.removedAt),
        isNotNull(enrollments.section),
      ),
    )
    .groupBy(enrollments.courseId, enrollments.section)
    .orderBy(enrollments.courseId, enrollments.section);
  const out = new Map<string, Sections>();
  for (const r of rows) {
    const list = out.get(r.courseId) ?? [];
    list.push({ name: r.name!, activeStudents: r.activeStudents });
    out.set(r.courseId, list);
  }
  return out;
}

function toCourse(
  row: CourseBase,
  counts: Counts | undefined,
  sections: Sections | undefined = [],
): Course {
  return {
    ...row,
    teamFormationDeadline: row.teamFormationDeadline.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    enrollmentCounts: counts ?? NO_ENROLLMENTS,
    sections,
  };
}

async function loadCourse(db: DbOrTx, courseId: string): Promise<Course> {
  const [row] = await selectCourses(db).where(eq(courses.id, courseId)).limit(1);
  if (!row) throw notFound('Course not found');
  const [counts, sections] = await Promise.all([
    enrollmentCounts(db, [row.id]),
    courseSections(db, [row.id]),
  ]);
  return toCourse(row, counts.get(row.id), sections.get(row.id));
}

function codeTaken(code: string) {
  return new AppError(
    409,
    'COURSE_CODE_TAKEN',
    `Another course of this organization uses ${code}`,
    [{ path: 'code', message: 'This code is already used in the organization' }],
  );
}

/**
 * The database holds code uniqueness per organization (case-insensitive); its violation
 * becomes a 409 the form can point at. The work runs in a transaction (a savepoint when `db`
 * already is one) so that the failed statement does not poison the caller's transaction.
 */
async function withCodeUniqueness<T>(
  db: DbOrTx,
  code: string | undefined,
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (code !== undefined && isUniqueViolation(error, 'courses_org_code_unique')) {
      throw codeTaken(code);
    }
    throw error;
  }
}

export async function getCourse(db: DbOrTx, caller: Caller, courseId: string): Promise<Course> {
  const scope = await adminScope(db, caller);
  await courseInScope(db, scope, courseId);
  return loadCourse(db, courseId);
}

/**
 * Courses of the caller's organizations (deleted organizations excluded), latest deadline
 * first: the current term's courses lead, and the order stays stable across pages.
 */
export async function listCourses(
  db: DbOrTx,
  caller: Caller,
  query: CourseListInput,
): Promise<Paginated<Course>> {
  const scope = await adminScope(db, caller);
  return listInScope(db, scope, query);
}

/** One organization's courses; 404 when it is unknown, deleted or outside the scope. */
export async function listOrganizationCourses(
  db: DbOrTx,
  caller: Caller,
  organizationId: string,
  query: Omit<CourseListInput, 'organizationId'>,
): Promise<Paginated<Course>> {
  const scope = await adminScope(db, caller);
  assertInScope(scope, organizationId);
  if (!(await liveOrganization(db, organizationId))) throw notFound('Organization not found');
  return listInScope(db, scope, { ...query, organizationId });
}

async function listInScope(
  db: DbOrTx,
  scope: AdminScope,
  query: CourseListInput,
): Promise<Paginated<Course>> {
  const conditions: (SQL | undefined)[] = [
    scopeCondition(scope, courses.organizationId),
    isNull(organizations.deletedAt),
    query.organizationId ? eq(courses.organizationId, query.organizationId) : undefined,
    query.archived === 'active' ? isNull(courses.archivedAt) : undefined,
    query.archived === 'archived' ? isNotNull(courses.archivedAt) : undefined,
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(ilike(courses.code, pattern), ilike(courses.title, pattern), ilike(courses.term, pattern)),
    );
  }
  const where = and(...conditions);

  const [rows, [total]] = await Promise.all([
    selectCourses(db)
      .where(where)
      .orderBy(desc(courses.teamFormationDeadline), asc(courses.title), asc(courses.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(courses)
      .innerJoin(organizations, eq(organizations.id, courses.organizationId))
      .where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [counts, sections] = await Promise.all([
    enrollmentCounts(db, ids),
    courseSections(db, ids),
  ]);
  return {
    items: rows.map((row) => toCourse(row, counts.get(row.id), sections.get(row.id))),
    page: query.page,
    limit: query.limit,
    total: total?.count ?? 0,
  };
}

async function liveOrganization(db: DbOrTx, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * An unknown, deleted or foreign organization is one answer, a 400 on the field: the form
 * shows it, and an admin learns nothing about organizations outside their scope.
 */
export async function createCourse(
  db: DbOrTx,
  caller: Caller,
  input: CreateCourseInput,
): Promise<Course> {
  const scope = await adminScope(db, caller);
  if (
    !inScope(scope, input.organizationId) ||
    !(await liveOrganization(db, input.organizationId))
  ) {
    throw badRequest('The request is not valid', [
      { path: 'organizationId', message: 'Unknown organization' },
    ]);
  }
  return withCodeUniqueness(db, input.code, async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({
        organizationId: input.organizationId,
        code: input.code,
        title: input.title,
        term: input.term,
        description: input.description,
        teamSizeMin: input.teamSizeMin,
        teamSizeMax: input.teamSizeMax,
        teamFormationDeadline: new Date(input.teamFormationDeadline),
        createdBy: caller.userId,
      })
      .returning({ id: courses.id });
    await recordAudit(tx, {
      action: 'COURSE_CREATED',
      actorId: caller.userId,
      organizationId: input.organizationId,
      courseId: row!.id,
      data: {
        code: input.code,
        title: input.title,
        term: input.term,
        teamSizeMin: input.teamSizeMin,
        teamSizeMax: input.teamSizeMax,
        teamFormationDeadline: new Date(input.teamFormationDeadline).toISOString(),
      },
    });
    return loadCourse(tx, row!.id);
  });
}

const EDITABLE = [
  'code',
  'title',
  'term',
  'description',
  'teamSizeMin',
  'teamSizeMax',
  'teamFormationDeadline',
] as const;
type Editable = (typeof EDITABLE)[number];
type StoredValues = Pick<typeof courses.$inferSelect, Editable>;

/** The row of an in-scope course, locked for the rest of the transaction. */
async function lockCourse(tx: DbOrTx, caller: Caller, courseId: string) {
  const scope = await adminScope(tx, caller);
  await courseInScope(tx, scope, courseId);
  const [row] = await tx
    .select()
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('update')
    .limit(1);
  if (!row) throw notFound('Course not found');
  return row;
}

const comparable = (value: StoredValues[Editable]) =>
  value instanceof Date ? value.toISOString() : value;

/**
 * Any subset of the fields. The deadline may be set to any valid time, past included: an
 * admin closing team formation early moves it to now (only a new course needs a future one).
 * Only the fields whose value changes are written and audited.
 */
export async function updateCourse(
  db: DbOrTx,
  caller: Caller,
  courseId: string,
  changes: UpdateCourseBody,
): Promise<Course> {
  return withCodeUniqueness(db, changes.code, async (tx) => {
    const current = await lockCourse(tx, caller, courseId);
    if (current.archivedAt)
      throw conflict('COURSE_ARCHIVED', 'An archived course cannot be edited');

    const next: StoredValues = {
      code: changes.code ?? current.code,
      title: changes.title ?? current.title,
      term: changes.term ?? current.term,
      description: changes.description ?? current.description,
      teamSizeMin: changes.teamSizeMin ?? current.teamSizeMin,
      teamSizeMax: changes.teamSizeMax ?? current.teamSizeMax,
      teamFormationDeadline: changes.teamFormationDeadline
        ? new Date(changes.teamFormationDeadline)
        : current.teamFormationDeadline,
    };
    if (next.teamSizeMin > next.teamSizeMax) {
      throw badRequest('The request is not valid', [
        {
          path: 'teamSizeMax',
          message: `Maximum team size must be at least the minimum (${next.teamSizeMin})`,
        },
      ]);
    }

    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of EDITABLE) {
      if (comparable(current[field]) !== comparable(next[field])) {
        before[field] = comparable(current[field]);
        after[field] = comparable(next[field]);
      }
    }
    if (Object.keys(after).length === 0) return loadCourse(tx, courseId);

    await tx
      .update(courses)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(courses.id, courseId));
    await recordAudit(tx, {
      action: 'COURSE_UPDATED',
      actorId: caller.userId,
      organizationId: current.organizationId,
      courseId,
      data: { before, after },
    });
    return loadCourse(tx, courseId);
  });
}

/** Deleting a course archives it: enrollments and history stay, and it can be restored. */
export async function archiveCourse(db: DbOrTx, caller: Caller, courseId: string): Promise<Course> {
  return db.transaction(async (tx) => {
    const current = await lockCourse(tx, caller, courseId);
    if (current.archivedAt) throw conflict('COURSE_ARCHIVED', 'The course is already archived');
    await tx
      .update(courses)
      .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(courses.id, courseId));
    await recordAudit(tx, {
      action: 'COURSE_ARCHIVED',
      actorId: caller.userId,
      organizationId: current.organizationId,
      courseId,
    });
    return loadCourse(tx, courseId);
  });
}

export async function restoreCourse(db: DbOrTx, caller: Caller, courseId: string): Promise<Course> {
  return db.transaction(async (tx) => {
    const current = await lockCourse(tx, caller, courseId);
    if (!current.archivedAt) throw conflict('CONFLICT', 'The course is not archived');
    await tx
      .update(courses)
      .set({ archivedAt: null, updatedAt: sql`now()` })
      .where(eq(courses.id, courseId));
    await recordAudit(tx, {
      action: 'COURSE_RESTORED',
      actorId: caller.userId,
      organizationId: current.organizationId,
      courseId,
      data: { archivedAt: current.archivedAt.toISOString() },
    });
    return loadCourse(tx, courseId);
  });
}
