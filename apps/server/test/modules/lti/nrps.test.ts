import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolKeys } from '../../../src/modules/lti/keys.js';
import {
  assertOnPlatformSites,
  nextLink,
  platformSites,
  readMembership,
} from '../../../src/modules/lti/nrps.js';
import { createOutbound } from '../../../src/modules/lti/outbound.js';
import {
  createServiceTokenClient,
  type ServiceTokenClient,
} from '../../../src/modules/lti/service-token.js';
import { LtiError, type LtiPlatform } from '../../../src/modules/lti/types.js';
import { TOOL_URL, testToolKeys } from './fixtures.js';
import { LIS, makeRoster, startPlatformSimulator, type PlatformSimulator } from './simulator.js';

let keys: ToolKeys;
let sim: PlatformSimulator;
let platform: LtiPlatform;

beforeAll(async () => {
  keys = await testToolKeys();
  sim = await startPlatformSimulator({ toolBaseUrl: TOOL_URL, toolJwks: () => keys.jwks() });
  platform = sim.platform();
});
afterAll(async () => {
  await sim.close();
});

function counting(tokens: ServiceTokenClient) {
  let invalidations = 0;
  return {
    outbound: tokens.outbound,
    getToken: tokens.getToken.bind(tokens),
    invalidate(...args: Parameters<ServiceTokenClient['invalidate']>) {
      invalidations += 1;
      tokens.invalidate(...args);
    },
    get invalidations() {
      return invalidations;
    },
  };
}

describe('NRPS 2.0 membership', () => {
  it('reads every page of a 2,000-member roster (8 pages of 250)', async () => {
    sim.setRoster(makeRoster(2000));
    const before = sim.stats.nrpsRequests;
    const membership = await readMembership({
      url: sim.membershipsUrl('course-101'),
      platform,
      tokens: createServiceTokenClient({ keys }),
    });
    expect(membership.pages).toBe(8);
    expect(sim.stats.nrpsRequests - before).toBe(8);
    expect(membership.members).toHaveLength(2000);
    expect(new Set(membership.members.map((m) => m.userId)).size).toBe(2000);
    expect(membership.skipped).toBe(0);
    expect(membership.context).toEqual({
      id: 'course-101',
      title: 'Software Engineering',
      label: 'SE101',
    });
    expect(membership.members[0]).toEqual({
      userId: 'user-0001',
      status: 'Active',
      name: 'Person 0001',
      givenName: 'Person',
      familyName: '0001',
      email: 'person0001@example.edu',
      roles: [LIS.instructor],
      contextRole: 'INSTRUCTOR',
      section: null,
    });
    expect(membership.members[1]!.contextRole).toBe('TEACHING_ASSISTANT');
    expect(membership.members[1999]!.contextRole).toBe('LEARNER');
  });

  it('keeps statuses, defaults a missing status to Active, skips unusable entries', async () => {
    sim.setRoster([
      { user_id: 'a', status: 'Inactive', roles: [LIS.learner] },
      { user_id: 'b', status: 'Deleted', roles: [LIS.learner], email: 'B@Example.edu' },
      { user_id: 'c', roles: [LIS.learner], email: 'not an address' },
      { roles: [LIS.learner] } as never,
    ]);
    const membership = await readMembership({
      url: sim.membershipsUrl('course-101'),
      platform,
      tokens: createServiceTokenClient({ keys }),
    });
    expect(membership.members.map((m) => [m.userId, m.status, m.email])).toEqual([
      ['a', 'Inactive', null],
      ['b', 'Deleted', 'b@example.edu'],
      ['c', 'Active', null],
    ]);
    expect(membership.skipped).toBe(1);
  });

  it('on a 401 gets a new token once and goes on', async () => {
    sim.setRoster(makeRoster(300));
    const tokens = counting(createServiceTokenClient({ keys }));
    await tokens.getToken(platform);
    sim.revokeAccessTokens();
    const membership = await readMembership({
      url: sim.membershipsUrl('course-101'),
      platform,
      tokens,
    });
    expect(membership.members).toHaveLength(300);
    expect(tokens.invalidations).toBe(1);
  });

  it('refuses more pages than the bound', async () => {
    sim.setRoster(makeRoster(1000));
    const error = await readMembership({
      url: sim.membershipsUrl('course-101'),
      platform,
      tokens: createServiceTokenClient({ keys }),
      maxPages: 3,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LtiError);
    expect((error as LtiError).reason).toBe('too_many_pages');
    expect((error as LtiError).message).toBe(
      "Simulated LMS's roster has more than 3 pages; Teamup stopped reading it.",
    );
  });

  it('never sends the token to another site named by a next link, and stops a loop', async () => {
    let linkTo = '';
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', link: `<${linkTo}>; rel="next"` });
      res.end(JSON.stringify({ members: [{ user_id: 'x', roles: [] }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/members`;
    const tokens = {
      outbound: createOutbound({ restricted: false }),
      getToken: async () => 'token',
      invalidate: () => undefined,
    };
    try {
      linkTo = 'http://localhost:1/members?page=2';
      const foreign = await readMembership({ url, platform, tokens }).catch((e: unknown) => e);
      expect((foreign as LtiError).reason).toBe('foreign_next_link');
      linkTo = url;
      const loop = await readMembership({ url, platform, tokens }).catch((e: unknown) => e);
      expect((loop as LtiError).reason).toBe('link_loop');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the roster URL stays on the platform's registered sites (decision 143)", () => {
  it("a launch's roster URL on another host gets neither a token nor a request", async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ members: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    let tokensAsked = 0;
    const tokens = {
      outbound: createOutbound({ restricted: false }),
      getToken: async () => {
        tokensAsked += 1;
        return 'the-platforms-token';
      },
      invalidate: () => undefined,
    };
    // Registered on lms.uni.example.edu; the launch said the roster is on 127.0.0.1.
    const registered = sim.platform({
      issuer: 'https://lms.uni.example.edu',
      authorizationUrl: 'https://lms.uni.example.edu/auth',
      tokenUrl: 'https://lms.uni.example.edu/token',
      jwksUrl: 'https://lms.uni.example.edu/jwks',
    });
    try {
      const error = await readMembership({
        url: `http://127.0.0.1:${port}/nrps/course-1/memberships`,
        platform: registered,
        tokens,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LtiError);
      expect((error as LtiError).reason).toBe('roster_off_platform');
      expect((error as LtiError).message).toBe(
        `Simulated LMS's launch gave a roster address on 127.0.0.1:${port}, which is not a site this platform is registered with, so Teamup did not read it. Check the platform's URLs on the LMS page.`,
      );
      expect({ requests, tokensAsked }).toEqual({ requests: 0, tokensAsked: 0 });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a site is the registrable domain: Canvas's rosters are on the institution's instructure.com", () => {
    const canvas = sim.platform({
      name: 'Uni Canvas',
      issuer: 'https://canvas.instructure.com',
      authorizationUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
      tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
      jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
    });
    expect([...platformSites(canvas)]).toEqual(['instructure.com', 'canvaslms.com']);
    expect(() =>
      assertOnPlatformSites(
        'https://uni.instructure.com/api/lti/courses/7/names_and_roles',
        canvas,
      ),
    ).not.toThrow();
    for (const elsewhere of [
      'https://instructure.com.evil.example/api/lti/courses/7/names_and_roles',
      'https://evil.example/api/lti/courses/7/names_and_roles',
      'not a url',
    ]) {
      expect(() => assertOnPlatformSites(elsewhere, canvas), elsewhere).toThrow(
        /not a site this platform is registered with/,
      );
    }
    // A public suffix is no site: one github.io page is not another's.
    const pages = sim.platform({
      issuer: 'https://uni.github.io',
      authorizationUrl: 'https://uni.github.io/auth',
      tokenUrl: 'https://uni.github.io/token',
      jwksUrl: 'https://uni.github.io/jwks',
    });
    expect(() => assertOnPlatformSites('https://other.github.io/roster', pages)).toThrow();
  });
});

describe('Link header', () => {
  it.each([
    ['<https://lms.example/m?p=2>; rel="next"', 'https://lms.example/m?p=2'],
    [
      '<https://lms.example/d>; rel="differences", <https://lms.example/m?p=2>; rel=next',
      'https://lms.example/m?p=2',
    ],
    ['</m?p=3>; rel="next"', 'https://lms.example/m?p=3'],
    ['<https://lms.example/m?p=2>; title="x"; rel="prev next"', 'https://lms.example/m?p=2'],
    ['<https://lms.example/d>; rel="differences"', null],
    ['', null],
  ])('%s', (header, expected) => {
    expect(nextLink(header, 'https://lms.example/m')).toBe(expected);
  });
});
