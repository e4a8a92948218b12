// Issue 28: the web app may be framed by the registered platforms' sites, and by nobody else.
import { expect, it } from 'vitest';
import { ltiPlatforms } from '../../../src/db/schema/index.js';
import { createFrameAncestors } from '../../../src/modules/lti/frame-ancestors.js';
import { makeOrganization } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';

const HELMET = "default-src 'self';frame-ancestors 'self';img-src 'self'";

it("adds the platforms' origins to frame-ancestors, and nothing while there is none", async () => {
  const app = await buildTestApp();
  const { db } = await getWorkerDb();
  const frames = createFrameAncestors(db, app.log);
  await new Promise((r) => setTimeout(r, 100));
  expect(frames.rewrite(HELMET)).toBe(HELMET);
  const org = await makeOrganization();
  await db.insert(ltiPlatforms).values({
    organizationId: org.id,
    name: 'Moodle',
    issuer: 'https://moodle.example.edu',
    clientId: 'c1',
    authorizationUrl: 'https://moodle.example.edu/mod/lti/auth.php',
    tokenUrl: 'https://moodle.example.edu/mod/lti/token.php',
    jwksUrl: 'https://moodle.example.edu/mod/lti/certs.php',
    deploymentIds: ['1'],
  });
  frames.refresh();
  await expect
    .poll(() => frames.rewrite(HELMET))
    .toBe("default-src 'self';frame-ancestors 'self' https://moodle.example.edu;img-src 'self'");
});
