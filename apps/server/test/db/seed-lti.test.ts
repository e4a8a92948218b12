import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { DEV_LMS } from '../../src/db/seed-lti.js';
import { seedDemo } from '../../src/db/seed.js';
import { getWorkerDb } from '../helper.js';

// Issue 28: the demo registers the development LMS (served at PUBLIC_URL/dev/lms) as a platform
// of Northfield University, with its CS301 linked to the seeded CS301 and its roster service.

interface Registration {
  organization: string;
  name: string;
  issuer: string;
  client_id: string;
  authorization_url: string;
  token_url: string;
  jwks_url: string;
  deployment_ids: string[];
  context_id: string | null;
  course: string | null;
  memberships_url: string | null;
}

async function registrations(): Promise<Registration[]> {
  const { db } = await getWorkerDb();
  return queryRows<Registration>(
    db,
    sql`select o.slug as organization, p.name, p.issuer, p.client_id, p.authorization_url,
        p.token_url, p.jwks_url, p.deployment_ids, x.context_id, c.code as course,
        x.memberships_url
      from lti_platforms p join organizations o on o.id = p.organization_id
      left join lti_contexts x on x.platform_id = p.id
      left join courses c on c.id = x.course_id
      order by p.created_at`,
  );
}

describe('demo seed: the development LMS', () => {
  it('registers the LMS at PUBLIC_URL with CS301 linked, once, and follows a new address', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db, { devLmsUrl: 'http://localhost:3000' });
    const expected = {
      organization: 'northfield',
      name: 'Teamup development LMS',
      issuer: 'http://localhost:3000/dev/lms',
      client_id: 'teamup-dev',
      authorization_url: 'http://localhost:3000/dev/lms/auth',
      token_url: 'http://localhost:3000/dev/lms/token',
      jwks_url: 'http://localhost:3000/dev/lms/jwks',
      deployment_ids: ['dev-deployment-1'],
      context_id: DEV_LMS.linkedContext.id,
      course: 'CS301',
      memberships_url: `http://localhost:3000/dev/lms/nrps/${DEV_LMS.linkedContext.id}`,
    };
    expect(await registrations()).toEqual([expected]);

    await seedDemo(db, { devLmsUrl: 'http://localhost:3000' });
    expect(await registrations()).toEqual([expected]);

    // Started on another port: the same registration, at the new address.
    await seedDemo(db, { devLmsUrl: 'http://127.0.0.1:3199' });
    const moved = (await registrations()).map((r) => ({
      issuer: r.issuer,
      jwks: r.jwks_url,
      roster: r.memberships_url,
    }));
    expect(moved).toEqual([
      {
        issuer: 'http://127.0.0.1:3199/dev/lms',
        jwks: 'http://127.0.0.1:3199/dev/lms/jwks',
        roster: `http://127.0.0.1:3199/dev/lms/nrps/${DEV_LMS.linkedContext.id}`,
      },
    ]);
  }, 60_000);

  it('puts a deleted registration back, and registers nothing without an LMS', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    expect(await registrations()).toEqual([]);
    await seedDemo(db, { devLmsUrl: 'http://localhost:3000' });
    await db.execute(sql`delete from lti_platforms`);
    await seedDemo(db, { devLmsUrl: 'http://localhost:3000' });
    expect((await registrations()).map((r) => [r.name, r.course])).toEqual([
      ['Teamup development LMS', 'CS301'],
    ]);
  }, 60_000);
});
