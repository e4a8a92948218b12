import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { DEV_LMS, devLmsUrls } from '../../db/seed-lti.js';
import { LMS_ROLES, lmsCourse, lmsMember, type LmsCourse, type LmsMember } from './directory.js';
import type { DevLmsKey } from './keys.js';

/**
 * The development LMS's OIDC authorization endpoint (LTI Core 1.3 §5.1.1, IMS Security
 * Framework 1.0 §5.1.1): checks the tool's authentication request and signs the id_token of an
 * LTI resource link launch for the person the login hint names, in the course the message hint
 * names. The LMS has no sessions: in development anyone may launch as anyone, as the
 * development sign-in lets anyone sign in as anyone.
 */

const ID_TOKEN_SECONDS = 300;
const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const LTI = 'https://purl.imsglobal.org/spec/lti/claim';

/** The tool's OIDC login URL for `personId` in `course`; `storage` adds platform storage. */
export function loginUrl(
  publicUrl: string,
  course: LmsCourse,
  personId: string,
  storage: boolean,
): string {
  const urls = devLmsUrls(publicUrl);
  const login = new URL('/lti/login', urls.origin);
  const params: Record<string, string> = {
    iss: urls.issuer,
    login_hint: personId,
    target_link_uri: `${urls.origin}/lti/launch`,
    lti_message_hint: course.id,
    client_id: DEV_LMS.clientId,
    lti_deployment_id: DEV_LMS.deploymentId,
    // The page frames the tool under the name "teamup" and answers for it as its parent.
    ...(storage ? { lti_storage_target: '_parent' } : {}),
  };
  for (const [key, value] of Object.entries(params)) login.searchParams.set(key, value);
  return login.toString();
}

export type AuthorizationCheck =
  | { ok: true; course: LmsCourse; member: LmsMember; redirectUri: string; state: string }
  | { ok: false; problems: string[] };

/** The authentication request's parameters, as the spec lists them. */
export function checkAuthorizationRequest(
  params: Record<string, string>,
  publicUrl: string,
): AuthorizationCheck {
  const get = (name: string) => params[name] ?? '';
  const redirectUri = `${devLmsUrls(publicUrl).origin}/lti/launch`;
  const course = lmsCourse(get('lti_message_hint'));
  const member = course ? lmsMember(course, get('login_hint')) : undefined;
  const problems = [
    get('scope') === 'openid' ? null : 'scope must be "openid"',
    get('response_type') === 'id_token' ? null : 'response_type must be "id_token"',
    get('response_mode') === 'form_post' ? null : 'response_mode must be "form_post"',
    get('prompt') === 'none' ? null : 'prompt must be "none"',
    get('client_id') === DEV_LMS.clientId ? null : `client_id must be "${DEV_LMS.clientId}"`,
    get('redirect_uri') === redirectUri ? null : `redirect_uri must be ${redirectUri}`,
    get('nonce') ? null : 'nonce is missing',
    get('state') ? null : 'state is missing',
    course ? null : 'lti_message_hint names no course of this LMS',
    !course || member ? null : 'login_hint names nobody in that course',
    !member || member.status === 'Active' ? null : 'that person is inactive in the course',
  ].filter((p): p is string => p !== null);
  if (problems.length > 0 || !course || !member) return { ok: false, problems };
  return { ok: true, course, member, redirectUri, state: get('state') };
}

/** The signed id_token of the launch. */
export function signIdToken(
  key: DevLmsKey,
  publicUrl: string,
  launch: { course: LmsCourse; member: LmsMember; nonce: string },
): Promise<string> {
  const urls = devLmsUrls(publicUrl);
  const { course, member, nonce } = launch;
  const { person } = member;
  return new SignJWT({
    nonce,
    name: person.name,
    given_name: person.givenName,
    family_name: person.familyName,
    email: person.email,
    [`${LTI}/message_type`]: 'LtiResourceLinkRequest',
    [`${LTI}/version`]: '1.3.0',
    [`${LTI}/deployment_id`]: DEV_LMS.deploymentId,
    [`${LTI}/target_link_uri`]: `${urls.origin}/lti/launch`,
    [`${LTI}/resource_link`]: { id: `${course.id}-teams`, title: 'Teams (Teamup)' },
    [`${LTI}/roles`]: [...LMS_ROLES[member.role].uris],
    [`${LTI}/context`]: {
      id: course.id,
      label: course.label,
      title: course.title,
      type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
    },
    [`${LTI}/tool_platform`]: {
      guid: `teamup-dev-lms@${urls.origin}`,
      name: DEV_LMS.name,
      product_family_code: 'teamup-dev-lms',
      version: '1.0',
    },
    [`${LTI}/launch_presentation`]: {
      document_target: 'iframe',
      locale: 'en',
      return_url: urls.page,
    },
    [NRPS_CLAIM]: {
      context_memberships_url: urls.membershipsUrl(course.id),
      service_versions: ['2.0'],
    },
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(urls.issuer)
    .setAudience(DEV_LMS.clientId)
    .setSubject(person.id)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ID_TOKEN_SECONDS}s`)
    .sign(key.privateKey);
}
