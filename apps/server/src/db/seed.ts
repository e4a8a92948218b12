import type { ProfileLink, Role } from '@teamup/shared';
import type { DbOrTx } from './client.js';
import { users } from './schema/index.js';

export interface DemoUser {
  email: string;
  fullname: string;
  role: Role;
  bio?: string;
  skills?: string[];
  links?: ProfileLink[];
  lookingForTeam?: boolean;
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
    skills: ['React', 'TypeScript', 'UX research'],
    links: [{ label: 'GitHub', url: 'https://github.com/maya-chen-demo' }],
    lookingForTeam: true,
  },
  {
    email: 'liam.obrien@student.northfield.edu',
    fullname: "Liam O'Brien",
    role: 'STUDENT',
    bio: 'Backend and databases. Happy to own the API.',
    skills: ['Node.js', 'PostgreSQL', 'Docker'],
    lookingForTeam: true,
  },
  {
    email: 'sofia.rossi@student.northfield.edu',
    fullname: 'Sofia Rossi',
    role: 'STUDENT',
    bio: 'Data science minor; statistics and dashboards.',
    skills: ['Python', 'pandas', 'Data visualisation'],
  },
  {
    email: 'noah.patel@student.northfield.edu',
    fullname: 'Noah Patel',
    role: 'STUDENT',
    bio: 'Mobile apps and a bit of game development.',
    skills: ['Kotlin', 'Swift', 'Unity'],
    lookingForTeam: true,
  },
  {
    email: 'amara.okafor@student.riverside.edu',
    fullname: 'Amara Okafor',
    role: 'STUDENT',
    bio: 'Electrical engineering; embedded systems and sensors.',
    skills: ['C', 'Embedded', 'PCB design'],
    links: [{ label: 'Portfolio', url: 'https://amara-okafor.example.com' }],
  },
  {
    email: 'lucas.muller@student.riverside.edu',
    fullname: 'Lucas Müller',
    role: 'STUDENT',
    bio: 'Project management and technical writing.',
    skills: ['Scrum', 'Documentation', 'Figma'],
    lookingForTeam: true,
  },
  {
    email: 'yuki.tanaka@student.riverside.edu',
    fullname: 'Yuki Tanaka',
    role: 'STUDENT',
    bio: 'Machine learning and computer vision.',
    skills: ['PyTorch', 'OpenCV', 'Python'],
  },
  {
    email: 'elena.garcia@student.northfield.edu',
    fullname: 'Elena García',
    role: 'STUDENT',
    bio: 'Security enthusiast; CTF player.',
    skills: ['Security', 'Go', 'Linux'],
    lookingForTeam: true,
  },
];

export const DEMO_EMAILS: readonly string[] = DEMO_USERS.map((u) => u.email);

/**
 * Inserts the demo data that is missing and leaves everything else alone, so it can run at
 * every start: a demo user whose profile or role was changed keeps the change.
 */
export async function seedDemo(db: DbOrTx): Promise<{ usersCreated: number }> {
  const created = await db
    .insert(users)
    .values(
      DEMO_USERS.map((u) => ({
        email: u.email,
        fullname: u.fullname,
        role: u.role,
        bio: u.bio ?? '',
        skills: u.skills ?? [],
        links: u.links ?? [],
        lookingForTeam: u.lookingForTeam ?? false,
      })),
    )
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return { usersCreated: created.length };
}
