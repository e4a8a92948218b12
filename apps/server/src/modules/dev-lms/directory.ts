// Who is in the development LMS and which courses it has (issue 28). Fixed data, the same in
// every process, so the LMS keeps no state: a login hint is a person's LMS id, a message hint a
// course's id, and everything else follows from them.
import { DEV_LMS } from '../../db/seed-lti.js';
import { demoCourseStudents } from '../../db/seed.js';

/** LIS context roles (LTI Core 1.3, A.2.3), as a platform sends them. */
const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
export const LMS_ROLES = {
  Instructor: { label: 'Instructor', uris: [`${LIS}#Instructor`] },
  // A sub-role comes with its principal role.
  TeachingAssistant: {
    label: 'Teaching assistant',
    uris: [`${LIS}#Instructor`, `${LIS}/Instructor#TeachingAssistant`],
  },
  Learner: { label: 'Student', uris: [`${LIS}#Learner`] },
} as const;
export type LmsRole = keyof typeof LMS_ROLES;

export interface LmsPerson {
  /** The LMS's id of the person: the `sub` of launches, the `user_id` of the roster. */
  id: string;
  name: string;
  givenName: string;
  familyName: string;
  email: string;
}

export interface LmsMember {
  person: LmsPerson;
  role: LmsRole;
  status: 'Active' | 'Inactive';
}

export interface LmsCourse {
  /** The LTI context id. */
  id: string;
  label: string;
  title: string;
  /** What the page says about the course. */
  note: string;
  members: LmsMember[];
  /** The people whose launches the page offers, in this order. */
  launches: string[];
}

function person(fullname: string, email: string): LmsPerson {
  const [givenName = fullname, ...rest] = fullname.split(' ');
  return {
    id: `lms-${email.split('@')[0]}`,
    name: fullname,
    givenName,
    familyName: rest.join(' '),
    email,
  };
}

/** The course's instructor in the LMS: a person Teamup has no account for until her launch. */
const BARBARA = person('Barbara Liskov', 'barbara.liskov@northfield.edu');
/** A Northfield student of CS350 (seeded) who assists in CS301: staff of one, student of another. */
const HUGO = person('Hugo Kim', 'hugo.kim@student.northfield.edu');
/** Students of the LMS course that Teamup does not know yet: a launch or a roster sync adds them. */
const NEWCOMERS = [
  person('Wei Zhang', 'wei.zhang@student.northfield.edu'),
  person('Lena Berg', 'lena.berg@student.northfield.edu'),
  person('Rosa Delgado', 'rosa.delgado@student.northfield.edu'),
];
const MAYA = 'maya.chen@student.northfield.edu';
const NOAH = 'noah.patel@student.northfield.edu';
const ELENA = 'elena.garcia@student.northfield.edu';

const linked = DEV_LMS.linkedContext;
// The LMS's CS301 has the seeded course's students (INACTIVE ones are inactive in the LMS too),
// so a sync changes nothing Teamup already has right, and adds the newcomers and the staff.
const cs301Students: LmsMember[] = demoCourseStudents(linked.courseCode).map((s) => ({
  person: person(s.fullname, s.email),
  role: 'Learner',
  status: s.status === 'INACTIVE' ? 'Inactive' : 'Active',
}));
const idOfEmail = (email: string) => `lms-${email.split('@')[0]}`;

export const LMS_COURSES: readonly LmsCourse[] = [
  {
    id: linked.id,
    label: linked.label,
    title: linked.title,
    note: "Linked to Northfield University's CS301 in Teamup: launches land in a course with teams, and the course's Sync roster reads this course's roster.",
    members: [
      { person: BARBARA, role: 'Instructor', status: 'Active' },
      { person: HUGO, role: 'TeachingAssistant', status: 'Active' },
      ...cs301Students,
      ...NEWCOMERS.map((p) => ({ person: p, role: 'Learner' as const, status: 'Active' as const })),
    ],
    launches: [BARBARA.id, HUGO.id, idOfEmail(MAYA), idOfEmail(NOAH), NEWCOMERS[0]!.id],
  },
  {
    id: 'dev-lms-cs410',
    label: 'CS410',
    title: 'Distributed Systems',
    note: "Not in Teamup yet: the instructor's first launch creates the course. A student who launches before that is asked to wait.",
    members: [
      { person: BARBARA, role: 'Instructor', status: 'Active' },
      { person: person('Elena García', ELENA), role: 'Learner', status: 'Active' },
      { person: NEWCOMERS[1]!, role: 'Learner', status: 'Active' },
    ],
    launches: [BARBARA.id, idOfEmail(ELENA)],
  },
];

export function lmsCourse(id: string): LmsCourse | undefined {
  return LMS_COURSES.find((c) => c.id === id);
}

/** The person's membership of the course, when they have one. */
export function lmsMember(course: LmsCourse, personId: string): LmsMember | undefined {
  return course.members.find((m) => m.person.id === personId);
}
