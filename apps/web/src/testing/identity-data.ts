import type { LinkedIdentity, LtiLinkEvent } from '@teamup/shared';
import { uuid } from './data';

/** Generators for who someone is (issue 34): linked LMS identities and account link events. */

export function createLinkedIdentity(overrides: Partial<LinkedIdentity> = {}): LinkedIdentity {
  return {
    id: uuid(),
    platformName: 'Northfield Moodle',
    organizationName: 'Northfield University',
    lmsEmail: 'maya.chen@student.northfield.edu',
    source: 'VOUCHED_EMAIL',
    linkedAt: '2026-11-02T09:30:00.000Z',
    lastLaunchAt: '2026-11-20T14:00:00.000Z',
    ...overrides,
  };
}

export function createLinkEvent(overrides: Partial<LtiLinkEvent> = {}): LtiLinkEvent {
  return {
    id: uuid(),
    action: 'LTI_IDENTITY_LINKED',
    at: '2026-11-20T14:00:00.000Z',
    platformName: 'Northfield Moodle',
    fullname: 'Maya Chen',
    lmsEmail: 'maya.chen@student.northfield.edu',
    via: 'LAUNCH_EMAIL',
    reason: null,
    ...overrides,
  };
}
