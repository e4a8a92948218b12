import type { LtiContextView, LtiPlatformView, LtiSyncResult, LtiToolConfig } from '@teamup/shared';
import { uuid } from './data';

/** Generators for the LMS (LTI 1.3) pages (issue 28). */

export function createLtiToolConfig(overrides: Partial<LtiToolConfig> = {}): LtiToolConfig {
  return {
    loginUrl: 'https://teamup.example.edu/lti/login',
    launchUrl: 'https://teamup.example.edu/lti/launch',
    redirectUris: ['https://teamup.example.edu/lti/launch'],
    jwksUrl: 'https://teamup.example.edu/lti/jwks',
    domain: 'teamup.example.edu',
    registrationUrl: 'https://teamup.example.edu/lti/register?t=signed-organization-token',
    registrationExpiresAt: '2026-12-05T12:00:00.000Z',
    canvasJson: JSON.stringify({
      title: 'Teamup',
      oidc_initiation_url: 'https://teamup.example.edu/lti/login',
      target_link_uri: 'https://teamup.example.edu/lti/launch',
    }),
    ...overrides,
  };
}

export function createLtiPlatform(overrides: Partial<LtiPlatformView> = {}): LtiPlatformView {
  const id = overrides.id ?? uuid();
  return {
    id,
    organizationId: uuid(),
    organizationName: 'Northfield University',
    name: 'Northfield Moodle',
    issuer: 'https://moodle.northfield.edu',
    clientId: 'Kx81TQ7bfa',
    authorizationUrl: 'https://moodle.northfield.edu/mod/lti/auth.php',
    tokenUrl: 'https://moodle.northfield.edu/mod/lti/token.php',
    jwksUrl: 'https://moodle.northfield.edu/mod/lti/certs.php',
    deploymentIds: ['3'],
    registeredBy: 'DYNAMIC',
    courses: 2,
    createdAt: '2026-11-02T09:30:00.000Z',
    loginUrl: `https://teamup.example.edu/lti/login/${id}`,
    ...overrides,
  };
}

export function createLtiSyncResult(overrides: Partial<LtiSyncResult> = {}): LtiSyncResult {
  return {
    applied: false,
    members: 0,
    enrolled: 0,
    reactivated: 0,
    deactivated: 0,
    staffChanged: 0,
    unchanged: 0,
    changes: [],
    lastSyncedAt: null,
    ...overrides,
  };
}

export function createLtiContext(overrides: Partial<LtiContextView> = {}): LtiContextView {
  return {
    id: uuid(),
    platformId: uuid(),
    platformName: 'Northfield Moodle',
    organizationId: uuid(),
    contextId: '42',
    title: 'Software Engineering Project',
    label: 'SE-301',
    course: { id: uuid(), code: 'SE-301', title: 'Software Engineering Project', archived: false },
    hasRoster: true,
    lastSyncedAt: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}
