import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EnrollmentSource, EnrollmentStatus, ProfileLink, Role } from '@teamup/shared';
import type { DbOrTx } from './client.js';
import { seedDemoLti } from './seed-lti.js';
import { seedDemoSurvey } from './seed-survey.js';
import {
  auditEvents,
  courses,
  csvUploads,
  enrollments,
  invitations,
  joinRequests,
  organizationAdmins,
  organizationDomains,
  organizations,
  teamMembers,
  teamMembershipPeriods,
  teamNotices,
  teams,
  users,
} from './schema/index.js';

export interface DemoUser {
  email: string;
  fullname: string;
  role: Role;
  bio?: string;
  skills?: string[];
  links?: ProfileLink[];
  headline?: string;
  /** Who may see the profile (default: classmates only). */
  profileVisibility?: 'CLASSMATES' | 'ORGANIZATION';
  /** Whether other students see the email (default: no). */
  showEmail?: boolean;
  /** "Looking for a team" with a note, in these courses (where the student is teamless). */
  lookingIn?: { course: string; note: string }[];
}

/** The demo people; the login page's "Sign in as…" picker and the tests use them. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'grace.hopper@teamup.dev',
    fullname: 'Grace Hopper',
    role: 'SUPERADMIN',
    bio: 'Runs Teamup for every school on it.',
  },
  {
    email: 'alan.turing@northfield.edu',
    fullname: 'Alan Turing',
    role: 'ORG_ADMIN',
    bio: 'Course coordinator, Computer Science, Northfield University.',
  },
  {
    email: 'ada.lovelace@riverside.edu',
    fullname: 'Ada Lovelace',
    role: 'ORG_ADMIN',
    bio: 'Teaching lead for the engineering project courses at Riverside College.',
  },
  {
    email: 'maya.chen@student.northfield.edu',
    fullname: 'Maya Chen',
    role: 'STUDENT',
    bio: 'Third-year CS student; I like building the parts users touch.',
    headline: 'Frontend developer who loves user research',
    skills: ['React', 'TypeScript', 'UX research'],
    links: [{ label: 'GitHub', url: 'https://github.com/maya-chen-demo' }],
    showEmail: true,
    lookingIn: [{ course: 'CS350', note: 'Prototyping and interviews; free Mon/Wed afternoons' }],
  },
  {
    email: 'liam.obrien@student.northfield.edu',
    fullname: "Liam O'Brien",
    role: 'STUDENT',
    bio: 'Backend and databases. Happy to own the API.',
    headline: 'Backend and databases',
    skills: ['Node.js', 'PostgreSQL', 'Docker'],
  },
  {
    email: 'sofia.rossi@student.northfield.edu',
    fullname: 'Sofia Rossi',
    role: 'STUDENT',
    bio: 'Data science minor; statistics and dashboards.',
    headline: 'Statistics, dashboards and a bit of SQL',
    skills: ['Python', 'pandas', 'Data visualisation', 'SQL'],
    profileVisibility: 'ORGANIZATION',
    lookingIn: [{ course: 'CS301', note: 'Data and analytics; evenings work best' }],
  },
  {
    email: 'noah.patel@student.northfield.edu',
    fullname: 'Noah Patel',
    role: 'STUDENT',
    bio: 'Mobile apps and a bit of game development.',
    headline: 'Mobile apps, and games on the side',
    skills: ['Kotlin', 'Swift', 'Unity'],
    lookingIn: [{ course: 'CS301', note: 'Mobile client, Android or iOS' }],
  },
  {
    email: 'amara.okafor@student.riverside.edu',
    fullname: 'Amara Okafor',
    role: 'STUDENT',
    bio: 'Electrical engineering; embedded systems and sensors.',
    headline: 'Embedded systems and sensors',
    skills: ['C', 'Embedded', 'PCB design'],
    links: [{ label: 'Portfolio', url: 'https://amara-okafor.example.com' }],
  },
  {
    email: 'lucas.muller@student.riverside.edu',
    fullname: 'Lucas Müller',
    role: 'STUDENT',
    bio: 'Project management and technical writing.',
    headline: 'Keeps projects on track',
    skills: ['Scrum', 'Documentation', 'Figma'],
  },
  {
    email: 'yuki.tanaka@student.riverside.edu',
    fullname: 'Yuki Tanaka',
    role: 'STUDENT',
    bio: 'Machine learning and computer vision.',
    headline: 'Machine learning and computer vision',
    skills: ['PyTorch', 'OpenCV', 'Python'],
    showEmail: true,
  },
  {
    email: 'elena.garcia@student.northfield.edu',
    fullname: 'Elena García',
    role: 'STUDENT',
    bio: 'Security enthusiast; CTF player.',
    headline: 'Security and infrastructure',
    skills: ['Security', 'Go', 'Linux', 'Docker'],
    profileVisibility: 'ORGANIZATION',
    lookingIn: [
      { course: 'CS301', note: 'Security, deployment and CI; free Tue/Thu' },
      { course: 'CS350', note: 'Happy to run usability tests' },
    ],
  },
];

export const DEMO_EMAILS: readonly string[] = DEMO_USERS.map((u) => u.email);

const FIRST_NAMES = [
  'Olivia',
  'Ethan',
  'Ava',
  'Mateo',
  'Isla',
  'Arjun',
  'Zara',
  'Kai',
  'Leila',
  'Jonas',
  'Priya',
  'Omar',
  'Hana',
  'Diego',
  'Chloe',
  'Tariq',
  'Freya',
  'Ravi',
  'Mei',
  'Samuel',
  'Anika',
  'Luca',
  'Nadia',
  'Felix',
  'Imani',
  'Hugo',
];
const LAST_NAMES = [
  'Nguyen',
  'Schmidt',
  'Kowalski',
  'Haddad',
  'Silva',
  'Johansson',
  'Mensah',
  'Ivanova',
  'Fischer',
  'Kim',
  'Dubois',
  'Costa',
  'Novak',
  'Ahmed',
  'Larsen',
  'Romero',
];
const ROSTER_SIZE = 52;
const NORTHFIELD_ROSTER = 30;

/**
 * Students beyond the named personas, so that lists, filters and pagination have something to
 * show: 30 at Northfield, 22 at Riverside. Deterministic, so every start agrees.
 */
export const ROSTER_STUDENTS: readonly { email: string; fullname: string }[] = Array.from(
  { length: ROSTER_SIZE },
  (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i + Math.floor(i / FIRST_NAMES.length) * 5) % LAST_NAMES.length]!;
    const domain = i < NORTHFIELD_ROSTER ? 'student.northfield.edu' : 'student.riverside.edu';
    return { email: `${first}.${last}@${domain}`.toLowerCase(), fullname: `${first} ${last}` };
  },
);

const ROSTER_SKILLS = [
  'TypeScript',
  'React',
  'Python',
  'SQL',
  'Java',
  'Figma',
  'Docker',
  'Go',
  'C++',
  'Testing',
  'UX research',
  'Kotlin',
  'Node.js',
  'Embedded',
];
const ROSTER_HEADLINES = [
  'Happy on the frontend',
  'Backend and data',
  'Design and prototyping',
  'Testing and quality',
  'Full-stack, learning fast',
];
const ROSTER_NOTES = [
  'Free most afternoons',
  'Backend or testing; free Tue/Thu',
  'Any role; I like the client meetings',
];

/**
 * A roster student's profile: two or three skills and a headline, deterministic. One in five
 * opens the profile to the organization; one in seven shows the email.
 */
function rosterProfile(i: number) {
  const count = 2 + (i % 2);
  const skills = Array.from(
    { length: count },
    (_, k) => ROSTER_SKILLS[(i * 3 + k * 5) % ROSTER_SKILLS.length]!,
  );
  return {
    skills: [...new Set(skills)],
    headline: ROSTER_HEADLINES[i % ROSTER_HEADLINES.length]!,
    profileVisibility: i % 5 === 0 ? ('ORGANIZATION' as const) : ('CLASSMATES' as const),
    showEmail: i % 7 === 0,
  };
}

/** Emails enrolled by an admin whose owners have not signed in yet (PENDING). */
export const PENDING_EMAILS = {
  northfield: [
    'jordan.blake@student.northfield.edu',
    'riley.morgan@student.northfield.edu',
    'casey.wright@student.northfield.edu',
    'avery.quinn@student.northfield.edu',
  ],
  riverside: ['drew.harper@student.riverside.edu', 'morgan.reyes@student.riverside.edu'],
};

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface SeedCourse {
  org: 'northfield' | 'riverside';
  code: string;
  title: string;
  term: string;
  description: string;
  min: number;
  max: number;
  /** Days from now to the team formation deadline (negative: passed). */
  deadlineDays: number;
  /** Days ago the admin created the course. */
  createdDaysAgo: number;
  /**
   * Days ago its students were enrolled: all at once, by hand or (source CSV) by one roster
   * upload, which is then in the course's upload history.
   */
  enrolledDaysAgo: number;
  /** Days ago the course was archived. */
  archivedDaysAgo?: number;
  /** Days ago its demo teams were created (default 20). */
  teamsFormDaysAgo?: number;
  /** Persona emails, then roster indexes, enrolled ACTIVE unless listed in `inactive`. */
  personas: string[];
  roster: number[];
  inactive?: number[];
  pending?: string[];
  source: EnrollmentSource;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

const SEED_COURSES: SeedCourse[] = [
  {
    org: 'northfield',
    code: 'CS301',
    title: 'Software Engineering Project',
    term: 'Fall 2026',
    description:
      'Build a real product for a real client in a team of three to five over the semester.',
    min: 3,
    max: 5,
    deadlineDays: 21,
    createdDaysAgo: 45,
    enrolledDaysAgo: 30,
    personas: [
      'maya.chen@student.northfield.edu',
      'liam.obrien@student.northfield.edu',
      'sofia.rossi@student.northfield.edu',
      'noah.patel@student.northfield.edu',
      'elena.garcia@student.northfield.edu',
    ],
    roster: range(0, 25),
    inactive: [20, 21],
    pending: PENDING_EMAILS.northfield.slice(0, 3),
    source: 'CSV',
  },
  {
    org: 'northfield',
    code: 'CS350',
    title: 'Human-Computer Interaction',
    term: 'Fall 2026',
    description: 'User research, prototyping and usability testing in pairs or small teams.',
    min: 2,
    max: 4,
    deadlineDays: 10,
    createdDaysAgo: 44,
    enrolledDaysAgo: 29,
    personas: [
      'maya.chen@student.northfield.edu',
      'sofia.rossi@student.northfield.edu',
      'elena.garcia@student.northfield.edu',
    ],
    roster: range(10, 30),
    inactive: [28],
    pending: PENDING_EMAILS.northfield.slice(3),
    source: 'MANUAL',
  },
  {
    org: 'northfield',
    code: 'CS210',
    title: 'Data Structures Lab',
    term: 'Spring 2026',
    description: 'Weekly lab assignments in teams of two or three. Team formation has closed.',
    min: 2,
    max: 3,
    deadlineDays: -30,
    createdDaysAgo: 160,
    enrolledDaysAgo: 150,
    teamsFormDaysAgo: 120,
    personas: ['liam.obrien@student.northfield.edu', 'noah.patel@student.northfield.edu'],
    roster: range(0, 12),
    source: 'CSV',
  },
  {
    org: 'northfield',
    code: 'CS199',
    title: 'Introductory Programming Studio',
    term: 'Fall 2025',
    description: "Last year's studio course, kept for the record.",
    min: 2,
    max: 3,
    deadlineDays: -300,
    createdDaysAgo: 430,
    enrolledDaysAgo: 420,
    archivedDaysAgo: 200,
    personas: [],
    roster: range(0, 6),
    source: 'MANUAL',
  },
  {
    org: 'riverside',
    code: 'ENG420',
    title: 'Capstone Design Project',
    term: 'Fall 2026',
    description: 'A year-long engineering design project with an industry partner.',
    min: 4,
    max: 6,
    deadlineDays: 30,
    createdDaysAgo: 40,
    enrolledDaysAgo: 30,
    personas: [
      'amara.okafor@student.riverside.edu',
      'lucas.muller@student.riverside.edu',
      'yuki.tanaka@student.riverside.edu',
    ],
    roster: range(30, 52),
    inactive: [50],
    pending: PENDING_EMAILS.riverside.slice(0, 1),
    source: 'CSV',
  },
  {
    org: 'riverside',
    code: 'ENG305',
    title: 'Embedded Systems',
    term: 'Fall 2026',
    description: 'Microcontrollers, sensors and real-time software, in teams of two or three.',
    min: 2,
    max: 3,
    deadlineDays: 7,
    createdDaysAgo: 38,
    enrolledDaysAgo: 28,
    personas: ['amara.okafor@student.riverside.edu', 'yuki.tanaka@student.riverside.edu'],
    roster: range(30, 42),
    pending: PENDING_EMAILS.riverside.slice(1),
    source: 'MANUAL',
  },
];

/**
 * The students of a seeded course as its roster says (the development LMS lists them): each
 * with the status the seed gives them. Empty for a code the seed does not have.
 */
export function demoCourseStudents(
  code: string,
): { email: string; fullname: string; status: EnrollmentStatus }[] {
  const course = SEED_COURSES.find((c) => c.code === code);
  if (!course) return [];
  const fullnameOf = new Map([
    ...DEMO_USERS.map((u) => [u.email, u.fullname] as const),
    ...ROSTER_STUDENTS.map((u) => [u.email, u.fullname] as const),
  ]);
  return [
    ...course.personas.map((email) => ({ email, status: 'ACTIVE' as EnrollmentStatus })),
    ...course.roster.map((i) => ({
      email: ROSTER_STUDENTS[i]!.email,
      status: (course.inactive?.includes(i) ? 'INACTIVE' : 'ACTIVE') as EnrollmentStatus,
    })),
    ...(course.pending ?? []).map((email) => ({ email, status: 'PENDING' as EnrollmentStatus })),
  ].map((r) => ({ ...r, fullname: fullnameOf.get(r.email) ?? nameFromEmail(r.email) }));
}

const SEED_ORGS = {
  northfield: {
    name: 'Northfield University',
    slug: 'northfield',
    description: 'School of Computing, Northfield University.',
    admin: 'alan.turing@northfield.edu',
    // The addresses its LMS may vouch for (decision 141), set by the superadmin.
    domains: ['northfield.edu', 'student.northfield.edu'],
    createdDaysAgo: 500,
  },
  riverside: {
    name: 'Riverside College',
    slug: 'riverside',
    description: 'Faculty of Engineering, Riverside College.',
    admin: 'ada.lovelace@riverside.edu',
    domains: ['riverside.edu', 'student.riverside.edu'],
    createdDaysAgo: 480,
  },
} as const;

const SUPERADMIN = 'grace.hopper@teamup.dev';

/**
 * The demo tells one story in time. The superadmin and the two organization admins have had
 * accounts the longest; each organization exists before its courses, each course before its
 * students are enrolled (all at once: by hand, or by one roster upload that is in the course's
 * upload history), and a student's account is made at their first sign-in, a few days after
 * their first enrollment, which activates what was still PENDING. Teams form after that.
 */
const STAFF_SINCE_DAYS_AGO: Record<string, number> = {
  [SUPERADMIN]: 540,
  [SEED_ORGS.northfield.admin]: 510,
  [SEED_ORGS.riverside.admin]: 490,
};
const FIRST_SIGN_IN_AFTER_DAYS = 5;
/** An INACTIVE enrollment was set so by the admin this many days after it was activated. */
const SET_INACTIVE_AFTER_DAYS = 10;

/** Days ago each demo account was made: the staff's fixed, each student's first sign-in. */
export function demoAccountDaysAgo(): Map<string, number> {
  const daysAgo = new Map<string, number>(Object.entries(STAFF_SINCE_DAYS_AGO));
  for (const c of SEED_COURSES) {
    for (const email of [...c.personas, ...c.roster.map((i) => ROSTER_STUDENTS[i]!.email)]) {
      const signIn = c.enrolledDaysAgo - FIRST_SIGN_IN_AFTER_DAYS;
      daysAgo.set(email, Math.max(daysAgo.get(email) ?? 0, signIn));
    }
  }
  return daysAgo;
}

/** One CSV cell, quoted when it has to be. */
const csvCell = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * Organizations, courses (one past its deadline, one archived) and enrollments in every
 * status. Seeded once: when a demo organization already exists nothing is touched, so what
 * people changed in the demo stays changed.
 */
async function seedOrganizations(db: DbOrTx, now: number): Promise<number> {
  const existing = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(inArray(organizations.slug, [SEED_ORGS.northfield.slug, SEED_ORGS.riverside.slug]))
    .limit(1);
  if (existing.length > 0) return 0;

  const daysAgo = (days: number) => new Date(now - days * DAY);
  const allUsers = await db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users);
  const userByEmail = new Map(allUsers.map((u) => [u.email, u]));
  const fullnameOf = new Map<string, string>([
    ...DEMO_USERS.map((u) => [u.email, u.fullname] as const),
    ...ROSTER_STUDENTS.map((u) => [u.email, u.fullname] as const),
  ]);
  const superadminId = userByEmail.get(SUPERADMIN)?.id ?? null;

  const orgIds = {} as Record<keyof typeof SEED_ORGS, string>;
  const adminIds = {} as Record<keyof typeof SEED_ORGS, string>;
  for (const key of ['northfield', 'riverside'] as const) {
    const { admin, domains, createdDaysAgo, ...org } = SEED_ORGS[key];
    const createdAt = daysAgo(createdDaysAgo);
    const [row] = await db
      .insert(organizations)
      .values({ ...org, createdAt, updatedAt: createdAt })
      .returning({ id: organizations.id });
    orgIds[key] = row!.id;
    await db.insert(organizationDomains).values(
      domains.map((domain) => ({
        domain,
        organizationId: row!.id,
        createdBy: superadminId,
        createdAt,
      })),
    );
    const adminUser = userByEmail.get(admin);
    if (adminUser) {
      adminIds[key] = adminUser.id;
      // Appointed by the superadmin when she created the organization.
      await db.insert(organizationAdmins).values({
        organizationId: row!.id,
        userId: adminUser.id,
        appointedBy: superadminId,
        createdAt,
      });
    }
  }

  for (const c of SEED_COURSES) {
    const createdAt = daysAgo(c.createdDaysAgo);
    const archivedAt = c.archivedDaysAgo === undefined ? null : daysAgo(c.archivedDaysAgo);
    const adminId = adminIds[c.org] ?? null;
    const [course] = await db
      .insert(courses)
      .values({
        organizationId: orgIds[c.org],
        code: c.code,
        title: c.title,
        term: c.term,
        description: c.description,
        teamSizeMin: c.min,
        teamSizeMax: c.max,
        teamFormationDeadline: new Date(now + c.deadlineDays * DAY),
        createdBy: adminId,
        createdAt,
        updatedAt: archivedAt ?? createdAt,
        archivedAt,
      })
      .returning({ id: courses.id });

    const enrolledAt = daysAgo(c.enrolledDaysAgo);
    const rows = [
      ...c.personas.map((email) => ({ email, status: 'ACTIVE' as EnrollmentStatus })),
      ...c.roster.map((i) => ({
        email: ROSTER_STUDENTS[i]!.email,
        status: (c.inactive?.includes(i) ? 'INACTIVE' : 'ACTIVE') as EnrollmentStatus,
      })),
      ...(c.pending ?? []).map((email) => ({ email, status: 'PENDING' as EnrollmentStatus })),
    ].map((r) => {
      const user = r.status === 'PENDING' ? undefined : userByEmail.get(r.email);
      // Students who already had an account were ACTIVE at once; the others were PENDING
      // until their first sign-in activated the enrollment.
      const activatedAt = user
        ? new Date(Math.max(enrolledAt.getTime(), user.createdAt.getTime()))
        : null;
      const atEnrollment: EnrollmentStatus =
        user && user.createdAt.getTime() <= enrolledAt.getTime() ? 'ACTIVE' : 'PENDING';
      const status: EnrollmentStatus = user ? r.status : 'PENDING';
      const inactiveAt =
        status === 'INACTIVE' && activatedAt
          ? new Date(activatedAt.getTime() + SET_INACTIVE_AFTER_DAYS * DAY)
          : null;
      return {
        email: r.email,
        fullname: fullnameOf.get(r.email) ?? nameFromEmail(r.email),
        userId: user?.id ?? null,
        status,
        atEnrollment,
        activatedAt,
        inactiveAt,
      };
    });

    // A roster enrollment comes with its upload: COMPLETED just before the enrollments it
    // made, by the organization's admin, with counts that match them.
    let uploadId: string | null = null;
    if (c.source === 'CSV') {
      const content = [
        'email,fullname',
        ...rows.map((r) => `${csvCell(r.email)},${csvCell(r.fullname)}`),
      ].join('\n');
      const [upload] = await db
        .insert(csvUploads)
        .values({
          courseId: course!.id,
          organizationId: orgIds[c.org],
          uploadedBy: adminId,
          fileName: `${c.code.toLowerCase()}-${c.term.toLowerCase().replace(/\s+/g, '-')}-roster.csv`,
          content: `${content}\n`,
          status: 'COMPLETED',
          totalRows: rows.length,
          processedRows: rows.length,
          createdCount: rows.filter((r) => r.atEnrollment === 'ACTIVE').length,
          pendingCount: rows.filter((r) => r.atEnrollment === 'PENDING').length,
          attempts: 1,
          createdAt: new Date(enrolledAt.getTime() - 3 * 60_000),
          startedAt: new Date(enrolledAt.getTime() - 2 * 60_000),
          finishedAt: enrolledAt,
        })
        .returning({ id: csvUploads.id });
      uploadId = upload!.id;
    }

    const inserted = await db
      .insert(enrollments)
      .values(
        rows.map((r) => ({
          courseId: course!.id,
          email: r.email,
          userId: r.userId,
          fullname: r.fullname,
          status: r.status,
          source: c.source,
          createdBy: adminId,
          createdAt: enrolledAt,
          updatedAt: r.inactiveAt ?? r.activatedAt ?? enrolledAt,
          activatedAt: r.activatedAt,
        })),
      )
      .returning({ id: enrollments.id, email: enrollments.email });
    const idOfEmail = new Map(inserted.map((e) => [e.email, e.id]));
    const scope = { organizationId: orgIds[c.org], courseId: course!.id };
    const audits: (typeof auditEvents.$inferInsert)[] = [];
    for (const r of rows) {
      const enrollmentId = idOfEmail.get(r.email)!;
      audits.push({
        ...scope,
        action: 'ENROLLED',
        actorId: adminId,
        enrollmentId,
        targetUserId: r.atEnrollment === 'ACTIVE' ? r.userId : null,
        data: {
          email: r.email,
          status: r.atEnrollment,
          source: c.source,
          ...(uploadId ? { uploadId } : {}),
        },
        createdAt: enrolledAt,
      });
      if (r.atEnrollment === 'PENDING' && r.activatedAt) {
        audits.push({
          ...scope,
          action: 'ACTIVATED',
          actorId: null,
          enrollmentId,
          targetUserId: r.userId,
          data: { email: r.email, from: 'PENDING', to: 'ACTIVE' },
          createdAt: r.activatedAt,
        });
      }
      if (r.inactiveAt) {
        audits.push({
          ...scope,
          action: 'STATUS_CHANGED',
          actorId: adminId,
          enrollmentId,
          targetUserId: r.userId,
          data: { from: 'ACTIVE', to: 'INACTIVE' },
          createdAt: r.inactiveAt,
        });
      }
    }
    await db.insert(auditEvents).values(audits);
  }
  return Object.keys(orgIds).length;
}

/** A demo student: a persona's email, or an index into ROSTER_STUDENTS. */
type Who = string | number;
const emailOf = (who: Who) => (typeof who === 'number' ? ROSTER_STUDENTS[who]!.email : who);

interface SeedTeam {
  course: string;
  name: string;
  description: string;
  maxSize: number;
  openToRequests?: boolean;
  /** Skills the team is looking for, as the leader typed them. */
  wanted?: string[];
  /** The leader first; joined in this order, a day apart. */
  members: Who[];
  requests?: { from: Who; message: string }[];
  invitations?: { to: Who; message: string }[];
  /** Posted `day` days after the team was created. */
  notices?: { by: Who; body: string; pinned?: boolean; day: number }[];
  /**
   * Disbanded by its leader `day` days after it was created: members released, the pending
   * requests listed here cancelled. Its history stays readable by its former members.
   */
  disbanded?: { day: number; cancelledRequests?: { from: Who; message: string }[] };
}

const MAYA = 'maya.chen@student.northfield.edu';
const LIAM = 'liam.obrien@student.northfield.edu';
const SOFIA = 'sofia.rossi@student.northfield.edu';
const NOAH = 'noah.patel@student.northfield.edu';
const ELENA = 'elena.garcia@student.northfield.edu';

/**
 * Teams in every state: open, full, closed, with requests and invitations, past deadline,
 * disbanded; some with notices on their board (one pinned).
 */
const SEED_TEAMS: SeedTeam[] = [
  {
    course: 'CS301',
    name: 'Byte Club',
    description: 'Building a booking app for the campus sports centre. We meet Tuesdays.',
    maxSize: 5,
    wanted: ['Kotlin', 'Security', 'Docker'],
    members: [MAYA, 4, 5],
    requests: [
      { from: ELENA, message: 'I can take security and the deployment pipeline.' },
      { from: 6, message: 'Happy to do testing and documentation.' },
    ],
    invitations: [{ to: NOAH, message: 'We need someone for the mobile client!' }],
    notices: [
      {
        by: MAYA,
        body: 'Weekly meeting: Tuesdays at 4 pm in Lab 2. Bring your laptop and your questions for the client.',
        pinned: true,
        day: 1,
      },
      {
        by: 4,
        body: 'First wireframes are in the shared drive. Comments welcome before Friday.',
        day: 3,
      },
    ],
  },
  {
    course: 'CS301',
    name: 'Query Crafters',
    description: 'Data-heavy project with the library: search and recommendations.',
    maxSize: 5,
    members: [LIAM, 0, 1, 2, 3],
    notices: [
      {
        by: LIAM,
        body: 'The library gave us read access to the catalogue API. Keys are in the team vault.',
        day: 5,
      },
    ],
  },
  {
    course: 'CS301',
    name: 'Pixel Pushers',
    description: 'A small design-led team; not taking requests right now.',
    maxSize: 4,
    openToRequests: false,
    members: [7, 8],
  },
  {
    course: 'CS301',
    name: 'Night Owls',
    description: 'We work late and ship often. Everyone welcome.',
    maxSize: 5,
    wanted: ['Python', 'SQL', 'React'],
    members: [9],
    requests: [{ from: SOFIA, message: 'Could I join? I can do the dashboards.' }],
  },
  {
    course: 'CS350',
    name: 'Usability Heroes',
    description: 'Accessibility audit of the student portal.',
    maxSize: 4,
    wanted: ['UX research', 'Figma'],
    members: [SOFIA, 10],
    invitations: [{ to: ELENA, message: 'Your security angle would be great for our audit.' }],
    notices: [
      { by: 10, body: 'Screen-reader testing session booked for Wednesday morning.', day: 2 },
    ],
  },
  {
    course: 'CS350',
    name: 'Sketch Club',
    description: 'Paper and whiteboard prototypes of the campus map.',
    maxSize: 4,
    members: [MAYA, 17],
    notices: [{ by: 17, body: 'Shall we meet in the design studio?', day: 1 }],
    disbanded: {
      day: 3,
      cancelledRequests: [{ from: 18, message: 'I would love to sketch with you.' }],
    },
  },
  {
    course: 'CS350',
    name: 'Paper Prototypes',
    description: 'Low-fidelity first, always.',
    maxSize: 4,
    members: [11, 12, 13, 14],
  },
  {
    course: 'CS210',
    name: 'Linked Listers',
    description: 'Weekly labs, pair programming.',
    maxSize: 3,
    members: [LIAM, NOAH, 0],
  },
  {
    course: 'CS210',
    name: 'Stack Smashers',
    description: 'Formed before the deadline; one seat was never filled.',
    maxSize: 3,
    members: [1, 2],
  },
  {
    course: 'ENG420',
    name: 'Circuit Breakers',
    description: 'Smart irrigation controller with our industry partner.',
    maxSize: 6,
    wanted: ['PyTorch', 'OpenCV'],
    members: ['amara.okafor@student.riverside.edu', 'lucas.muller@student.riverside.edu', 30, 31],
    requests: [{ from: 'yuki.tanaka@student.riverside.edu', message: 'I can do the vision part.' }],
  },
  {
    course: 'ENG305',
    name: 'Sensor Squad',
    description: 'Environmental sensing on a budget.',
    maxSize: 3,
    wanted: ['C', 'PCB design'],
    members: ['yuki.tanaka@student.riverside.edu'],
    invitations: [{ to: 'amara.okafor@student.riverside.edu', message: 'Want to pair on this?' }],
  },
];

/**
 * Demo teams, seeded when the demo courses exist and have none (also for a database seeded
 * before teams existed). Written straight to the tables with their audit entries, as the
 * team calls would have written them.
 */
async function seedTeams(db: DbOrTx, now: number): Promise<number> {
  const demoCourses = await db
    .select({ id: courses.id, code: courses.code, organizationId: courses.organizationId })
    .from(courses)
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(
      and(
        inArray(organizations.slug, [SEED_ORGS.northfield.slug, SEED_ORGS.riverside.slug]),
        inArray(courses.code, [...new Set(SEED_TEAMS.map((t) => t.course))]),
      ),
    );
  if (demoCourses.length === 0) return 0;
  const existing = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      inArray(
        teams.courseId,
        demoCourses.map((c) => c.id),
      ),
    )
    .limit(1);
  if (existing.length > 0) return 0;

  const courseByCode = new Map(demoCourses.map((c) => [c.code, c]));
  const allUsers = await db.select({ id: users.id, email: users.email }).from(users);
  const userId = new Map(allUsers.map((u) => [u.email, u.id]));
  const idOf = (who: Who) => userId.get(emailOf(who));
  let created = 0;

  for (const t of SEED_TEAMS) {
    const course = courseByCode.get(t.course);
    const memberIds = t.members.map(idOf).filter((id): id is string => Boolean(id));
    if (!course || memberIds.length === 0) continue;
    // Teams form once the course's students are active, before its deadline.
    const start =
      now - (SEED_COURSES.find((c) => c.code === t.course)?.teamsFormDaysAgo ?? 20) * DAY;
    const at = (day: number) => new Date(start + day * DAY);
    const disbandedAt = t.disbanded ? at(t.disbanded.day) : null;
    const [team] = await db
      .insert(teams)
      .values({
        courseId: course.id,
        name: t.name,
        description: t.description,
        leaderId: memberIds[0]!,
        maxSize: t.maxSize,
        openToRequests: t.openToRequests ?? true,
        wantedSkills: t.wanted ?? [],
        // A disbanded team released its members.
        memberCount: disbandedAt ? 0 : memberIds.length,
        createdBy: memberIds[0]!,
        createdAt: new Date(start),
        ...(disbandedAt ? { disbandedAt, updatedAt: disbandedAt } : {}),
      })
      .returning({ id: teams.id });
    created += 1;
    const scope = { organizationId: course.organizationId, courseId: course.id, teamId: team!.id };
    const stays = memberIds.map((id, i) => ({
      teamId: team!.id,
      userId: id,
      courseId: course.id,
      joinedAt: at(i),
    }));
    if (!disbandedAt) {
      await db.insert(teamMembers).values(stays);
    } else {
      // A disbanded team has no member rows, so the triggers that keep the membership periods
      // (migration 0020) never ran for it: its former members' stays are written as the disband
      // would have closed them, or their team history would miss the team (issue 24).
      await db
        .insert(teamMembershipPeriods)
        .values(stays.map((s) => ({ ...s, leftAt: disbandedAt, leftReason: 'DISBANDED' })));
    }
    const audits: (typeof auditEvents.$inferInsert)[] = memberIds.map((id, i) => ({
      ...scope,
      actorId: i === 0 ? id : memberIds[0]!,
      action: i === 0 ? 'TEAM_CREATED' : 'MEMBER_JOINED',
      targetUserId: id,
      data: i === 0 ? { name: t.name } : {},
      createdAt: new Date(start + i * DAY),
    }));
    // What is still pending was asked in the last days, after the team took its members, an
    // hour apart, so the boards read as a team a few weeks into its term.
    let pending = 0;
    const pendingAt = () =>
      new Date(
        Math.min(now - HOUR, Math.max(start + memberIds.length * DAY, now - 2 * DAY)) +
          pending++ * HOUR,
      );
    for (const r of t.requests ?? []) {
      const from = idOf(r.from);
      if (!from) continue;
      const createdAt = pendingAt();
      const [row] = await db
        .insert(joinRequests)
        .values({
          teamId: team!.id,
          courseId: course.id,
          userId: from,
          message: r.message,
          createdAt,
        })
        .returning({ id: joinRequests.id });
      audits.push({
        ...scope,
        actorId: from,
        action: 'REQUEST_CREATED',
        targetUserId: from,
        data: { requestId: row!.id },
        createdAt,
      });
    }
    for (const inv of t.invitations ?? []) {
      const to = idOf(inv.to);
      if (!to) continue;
      const createdAt = pendingAt();
      const [row] = await db
        .insert(invitations)
        .values({
          teamId: team!.id,
          courseId: course.id,
          inviteeId: to,
          invitedBy: memberIds[0]!,
          message: inv.message,
          createdAt,
        })
        .returning({ id: invitations.id });
      audits.push({
        ...scope,
        actorId: memberIds[0]!,
        action: 'INVITATION_CREATED',
        targetUserId: to,
        data: { invitationId: row!.id },
        createdAt,
      });
    }
    for (const n of t.notices ?? []) {
      const by = idOf(n.by);
      if (!by) continue;
      const [row] = await db
        .insert(teamNotices)
        .values({
          teamId: team!.id,
          authorId: by,
          body: n.body,
          pinned: n.pinned ?? false,
          createdAt: at(n.day),
          updatedAt: at(n.day),
        })
        .returning({ id: teamNotices.id });
      audits.push({
        ...scope,
        actorId: by,
        action: 'NOTICE_POSTED',
        targetUserId: null,
        data: { noticeId: row!.id, pinned: n.pinned ?? false },
        createdAt: at(n.day),
      });
    }
    if (t.disbanded && disbandedAt) {
      const reason = 'The team was disbanded';
      for (const r of t.disbanded.cancelledRequests ?? []) {
        const from = idOf(r.from);
        if (!from) continue;
        const [row] = await db
          .insert(joinRequests)
          .values({
            teamId: team!.id,
            courseId: course.id,
            userId: from,
            message: r.message,
            status: 'CANCELLED',
            reason,
            createdAt: at(t.disbanded.day - 1),
            decidedAt: disbandedAt,
          })
          .returning({ id: joinRequests.id });
        audits.push(
          {
            ...scope,
            actorId: from,
            action: 'REQUEST_CREATED',
            targetUserId: from,
            data: { requestId: row!.id },
            createdAt: at(t.disbanded.day - 1),
          },
          {
            ...scope,
            actorId: memberIds[0]!,
            action: 'REQUEST_CANCELLED',
            targetUserId: from,
            data: { requestId: row!.id, reason },
            createdAt: disbandedAt,
          },
        );
      }
      audits.push({
        ...scope,
        actorId: memberIds[0]!,
        action: 'TEAM_DISBANDED',
        targetUserId: null,
        data: { reason: 'Disbanded by the leader', releasedMembers: memberIds },
        createdAt: disbandedAt,
      });
    }
    await db.insert(auditEvents).values(audits);
  }
  await seedLooking(db, userId);
  return created;
}

/**
 * "Looking for a team" on the personas' chosen courses and on every third roster student's
 * courses still forming teams: only on ACTIVE enrollments without a team (as the app allows).
 * Seeded with the teams, once, so a student's later choice is never overwritten.
 */
async function seedLooking(db: DbOrTx, userId: Map<string, string>): Promise<void> {
  const wishes: { userId: string; code: string | null; note: string }[] = [];
  for (const u of DEMO_USERS) {
    const id = userId.get(u.email);
    for (const l of u.lookingIn ?? [])
      if (id) wishes.push({ userId: id, code: l.course, note: l.note });
  }
  ROSTER_STUDENTS.forEach((r, i) => {
    const id = userId.get(r.email);
    if (id && i % 3 === 0)
      wishes.push({ userId: id, code: null, note: ROSTER_NOTES[i % ROSTER_NOTES.length]! });
  });
  for (const wish of wishes) {
    await db.execute(sql`
      update ${enrollments} e set looking_for_team = true, looking_note = ${wish.note}
      from ${courses} c
      where c.id = e.course_id and e.user_id = ${wish.userId}
        and ${wish.code === null ? sql`c.team_formation_deadline > now()` : sql`c.code = ${wish.code}`}
        and c.archived_at is null and e.status = 'ACTIVE' and e.removed_at is null
        and not exists (select 1 from ${teamMembers} m
          where m.course_id = e.course_id and m.user_id = e.user_id)`);
  }
}

function nameFromEmail(email: string): string {
  return email
    .split('@')[0]!
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

export interface SeedDemoOptions {
  /**
   * The server's PUBLIC_URL when it serves the development LMS (AUTH_DEV_LOGIN): that LMS is
   * then registered as a platform of the demo organization (seed-lti.ts). Unset: no LMS.
   */
  devLmsUrl?: string | undefined;
}

/**
 * Inserts the demo data that is missing and leaves everything else alone, so it can run at
 * every start: a demo user whose profile or role was changed keeps the change.
 */
export async function seedDemo(
  db: DbOrTx,
  options: SeedDemoOptions = {},
): Promise<{ usersCreated: number; organizationsCreated: number; teamsCreated: number }> {
  // One transaction: a start that stops half-way leaves no half-seeded demo behind.
  return db.transaction(async (tx) => {
    const seeded = await seedDemoIn(tx);
    if (options.devLmsUrl) await seedDemoLti(tx, options.devLmsUrl);
    // Issue 26: the demo's history is not news. The notifications its writes produced (all
    // stamped with this transaction's now()) send no email; the mailbox starts empty.
    await tx.execute(sql`update email_deliveries set state = 'CANCELLED'
      where state in ('PENDING', 'HELD') and created_at = now()`);
    // Issue 35: a notification the demo's history produced bears its event's time, as one made
    // by the app does (same transaction), so the bell and the dashboard give one time for one
    // invitation ("2 days ago" in both, not "5 minutes ago" in the bell).
    await tx.execute(sql`update notifications n set created_at = a.created_at
      from audit_events a
      where n.audit_event_id = a.id and n.created_at = now() and a.created_at < now()`);
    return seeded;
  });
}

async function seedDemoIn(
  db: DbOrTx,
): Promise<{ usersCreated: number; organizationsCreated: number; teamsCreated: number }> {
  const now = Date.now();
  const accountDaysAgo = demoAccountDaysAgo();
  const since = (email: string) => {
    const at = new Date(now - (accountDaysAgo.get(email) ?? 0) * DAY);
    return { createdAt: at, updatedAt: at };
  };
  const created = await db
    .insert(users)
    .values([
      ...DEMO_USERS.map((u) => ({
        email: u.email,
        fullname: u.fullname,
        role: u.role,
        bio: u.bio ?? '',
        skills: u.skills ?? [],
        links: u.links ?? [],
        headline: u.headline ?? '',
        profileVisibility: u.profileVisibility ?? 'CLASSMATES',
        showEmail: u.showEmail ?? false,
        ...since(u.email),
      })),
      ...ROSTER_STUDENTS.map((u, i) => ({
        email: u.email,
        fullname: u.fullname,
        role: 'STUDENT' as const,
        ...rosterProfile(i),
        ...since(u.email),
      })),
    ])
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  const organizationsCreated = await seedOrganizations(db, now);
  const teamsCreated = await seedTeams(db, now);
  await seedDemoSurvey(db, now);
  // Only with the accounts themselves: a later start must not make up use of days it was off.
  if (created.length > 0) await seedActivity(db);
  return { usersCreated: created.length, organizationsCreated, teamsCreated };
}

/** Demo use goes back this many days (System Analytics' default range is 30). */
const DEMO_ACTIVITY_DAYS = 45;

/**
 * A history of use for System Analytics (decision 109), so its charts on a fresh demo show days
 * with sign-ins and active people instead of a flat line: each demo account is active on about
 * one day in three since it was made (at most DEMO_ACTIVITY_DAYS back), signing in on about half
 * of those. Picked by a hash of the email and the day, so every fresh demo has the same shape.
 */
async function seedActivity(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into user_activity_days (day, user_id, sign_ins)
    select d::date, u.id,
      case when abs(hashtext(u.email || d::date::text || '+')) % 2 = 0 then 1 else 0 end
    from users u
    cross join generate_series(
      (now() at time zone 'UTC')::date - ${DEMO_ACTIVITY_DAYS - 1}::int,
      (now() at time zone 'UTC')::date - 1, interval '1 day') d
    where u.email = any(${`{${[...DEMO_EMAILS, ...ROSTER_STUDENTS.map((r) => r.email)].join(',')}}`}::text[])
      and d::date >= (u.created_at at time zone 'UTC')::date
      and abs(hashtext(u.email || d::date::text)) % 3 = 0
    on conflict do nothing`);
}
