import { z } from 'zod';
import {
  UNREACHABLE,
  cspNonce,
  escapeHtml,
  pageHeaders,
  parseJson,
  platformRequest,
  answerExcerpt,
  quote,
} from './http.js';
import { toolUrls } from './oidc-login.js';
import { defaultOutbound, type Outbound } from './outbound.js';
import { LtiError, NRPS_SCOPE, RESOURCE_LINK_REQUEST, type HttpAnswer } from './types.js';

/**
 * LTI Dynamic Registration 1.0: the LMS administrator pastes our /lti/register URL; the
 * platform opens it with `openid_configuration` and `registration_token`; we read the
 * platform's OpenID configuration, post our registration to its registration endpoint and
 * keep what the answer gives (client id, deployment id) with the platform's endpoints.
 *
 * The configuration URL comes from whoever opened /lti/register, so the caller must only run
 * this for a registration an organization admin started (the route ties it to the
 * organization), and it goes through the outbound guard as every platform request does
 * (decision 143): whatever keeps it from being read, the answer is the one UNREACHABLE text,
 * so the link cannot tell an open port from a closed one.
 */

/**
 * The answer to an issuer and client ID registered already, in this organization or another,
 * by the form and by dynamic registration alike: it does not say which (decision 143).
 */
export const PLATFORM_TAKEN = 'This issuer and client ID cannot be registered here.';

export const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';

export const registrationRequestSchema = z.object({
  openid_configuration: z.string().min(1).max(2048),
  registration_token: z.string().min(1).max(8192).optional(),
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

const platformConfigurationSchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.string().min(1),
  token_endpoint: z.string().min(1),
  jwks_uri: z.string().min(1),
  registration_endpoint: z.string().min(1),
  // Where the platform's token endpoint wants client assertions addressed, when not itself.
  authorization_server: z.string().min(1).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
  scopes_supported: z.array(z.string()).optional(),
  [PLATFORM_CONFIGURATION]: z
    .object({ product_family_code: z.string().optional(), version: z.string().optional() })
    .loose()
    .optional(),
});
export type PlatformConfiguration = z.infer<typeof platformConfigurationSchema>;

const registrationResponseSchema = z.object({
  client_id: z.string().min(1).max(255),
  scope: z.string().optional(),
  [TOOL_CONFIGURATION]: z
    .object({ deployment_id: z.string().min(1).max(255).optional() })
    .loose()
    .optional(),
});

export interface RegistrationSettings {
  /** Our public origin (PUBLIC_URL). */
  toolUrl: string;
  clientName?: string;
  description?: string;
  logoUri?: string;
  contacts?: string[];
  /**
   * The id the platform will be stored under: its own login URL (/lti/login/{id}) is what the
   * platform is given, so a platform that omits client_id still finds its registration.
   */
  platformId?: string;
  /** The outbound guard (outbound.ts); plain http platform URLs only where it is not restricted. */
  outbound?: Outbound;
  timeoutMs?: number;
}

/** What to store as the platform (with the organization and a name the admin chooses). */
export interface RegisteredPlatform {
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  authTokenAudience: string | null;
  productFamilyCode: string | null;
  /** The scopes the platform granted, as it said. */
  scope: string | null;
}

function failed(reason: string, message: string): LtiError {
  return new LtiError('LTI_REGISTRATION_FAILED', reason, message);
}

function checkedUrl(value: string, what: string, allowHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw failed('bad_url', `The LMS gave ${what} that is not a URL.`);
  }
  const httpOk = allowHttp && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpOk) {
    throw failed('insecure_url', `The LMS gave ${what} that is not https.`);
  }
  return url;
}

export function parseRegistrationRequest(params: unknown): RegistrationRequest {
  const parsed = registrationRequestSchema.safeParse(params);
  if (!parsed.success) {
    throw failed(
      'registration_params',
      'This address is for the LMS: paste it into the LMS as the dynamic registration URL.',
    );
  }
  return parsed.data;
}

/** Reads and checks the platform's OpenID configuration. */
export async function fetchPlatformConfiguration(
  request: RegistrationRequest,
  settings: RegistrationSettings,
): Promise<PlatformConfiguration> {
  const outbound = settings.outbound ?? defaultOutbound();
  const allowHttp = !outbound.restricted;
  const configUrl = checkedUrl(request.openid_configuration, 'a configuration address', allowHttp);
  const response = await platformRequest(
    outbound,
    configUrl.toString(),
    {
      headers: {
        accept: 'application/json',
        ...(request.registration_token
          ? { authorization: `Bearer ${request.registration_token}` }
          : {}),
      },
    },
    {
      code: 'LTI_REGISTRATION_FAILED',
      what: 'its configuration',
      timeoutMs: settings.timeoutMs,
      accept: (status) => status === 200,
    },
  );
  const parsed = platformConfigurationSchema.safeParse(parseJson(response.text));
  if (!parsed.success) {
    // Said as a closed port is: anything but an LMS configuration is the same to the caller.
    outbound.log?.warn({ outbound: 'configuration_unreadable' }, 'LMS configuration unreadable');
    throw failed('configuration_unreadable', UNREACHABLE);
  }
  const config = parsed.data;
  // The spec's check: the issuer must be of the site that served its configuration, so a
  // configuration cannot speak for another platform.
  const issuer = checkedUrl(config.issuer, 'an issuer', allowHttp);
  if (issuer.origin !== configUrl.origin) {
    throw failed(
      'issuer_mismatch',
      `The LMS's configuration names the issuer ${quote(config.issuer)}, which is not the site it came from (${configUrl.origin}).`,
    );
  }
  checkedUrl(config.authorization_endpoint, 'an authorization endpoint', allowHttp);
  checkedUrl(config.token_endpoint, 'a token endpoint', allowHttp);
  checkedUrl(config.jwks_uri, 'a key set address', allowHttp);
  checkedUrl(config.registration_endpoint, 'a registration endpoint', allowHttp);
  const algs = config.id_token_signing_alg_values_supported;
  if (algs && !algs.includes('RS256')) {
    throw failed('no_rs256', 'The LMS does not sign launches with RS256, which LTI 1.3 requires.');
  }
  const auth = config.token_endpoint_auth_methods_supported;
  if (auth && !auth.includes('private_key_jwt')) {
    throw failed(
      'no_private_key_jwt',
      'The LMS does not accept signed client assertions (private_key_jwt), which LTI 1.3 requires.',
    );
  }
  return config;
}

const PRODUCTS: Record<string, string> = {
  moodle: 'Moodle',
  canvas: 'Canvas',
  sakai: 'Sakai',
  desire2learn: 'Brightspace',
  d2l: 'Brightspace',
  blackboard: 'Blackboard',
  schoology: 'Schoology',
};

/**
 * The name a dynamically registered platform starts with: its product and its site, as
 * "Moodle (moodle.northfield.edu)" (Moodle's family code alone, "moodle", told an admin with two
 * Moodles nothing). The admin renames it with Edit on the LMS page.
 */
export function registeredPlatformName(productFamilyCode: string | null, issuer: string): string {
  const host = new URL(issuer).host;
  const code = quote(productFamilyCode ?? '', 40);
  const product =
    PRODUCTS[code.toLowerCase()] ?? (code ? code[0]!.toUpperCase() + code.slice(1) : '');
  return (product ? `${product} (${host})` : host).slice(0, 120);
}

/** Our registration request (the OpenID client metadata with the LTI tool configuration). */
export function buildToolRegistration(settings: RegistrationSettings) {
  const urls = toolUrls(settings.toolUrl);
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: settings.platformId ? urls.loginFor(settings.platformId) : urls.login,
    redirect_uris: [urls.launch],
    client_name: settings.clientName ?? 'Teamup',
    jwks_uri: urls.jwks,
    ...(settings.logoUri ? { logo_uri: settings.logoUri } : {}),
    ...(settings.contacts?.length ? { contacts: settings.contacts } : {}),
    token_endpoint_auth_method: 'private_key_jwt',
    scope: NRPS_SCOPE,
    [TOOL_CONFIGURATION]: {
      domain: new URL(urls.origin).host,
      description: settings.description ?? 'Form project teams in your course.',
      target_link_uri: urls.launch,
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      messages: [{ type: RESOURCE_LINK_REQUEST, label: settings.clientName ?? 'Teamup' }],
    },
  };
}

/** The whole registration: read the configuration, register, and say what to store. */
export async function registerWithPlatform(
  request: RegistrationRequest,
  settings: RegistrationSettings,
): Promise<RegisteredPlatform> {
  const config = await fetchPlatformConfiguration(request, settings);
  const response = await platformRequest(
    settings.outbound ?? defaultOutbound(),
    config.registration_endpoint,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(request.registration_token
          ? { authorization: `Bearer ${request.registration_token}` }
          : {}),
      },
      body: JSON.stringify(buildToolRegistration(settings)),
    },
    { code: 'LTI_REGISTRATION_FAILED', what: 'the registration', timeoutMs: settings.timeoutMs },
  );
  const json = parseJson(response.text);
  if (response.status < 200 || response.status >= 300) {
    const said = answerExcerpt(response.text);
    throw failed(
      'registration_refused',
      `The LMS refused the registration${said ? `: ${said}` : '.'}`,
    );
  }
  const parsed = registrationResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw failed(
      'registration_unreadable',
      'The LMS answered the registration without a client ID.',
    );
  }
  const deploymentId = parsed.data[TOOL_CONFIGURATION]?.deployment_id;
  return {
    issuer: config.issuer,
    clientId: parsed.data.client_id,
    deploymentIds: deploymentId ? [deploymentId] : [],
    authorizationUrl: config.authorization_endpoint,
    tokenUrl: config.token_endpoint,
    jwksUrl: config.jwks_uri,
    authTokenAudience: config.authorization_server ?? null,
    productFamilyCode: config[PLATFORM_CONFIGURATION]?.product_family_code ?? null,
    scope: parsed.data.scope ?? null,
  };
}

/**
 * The page that ends registration inside the LMS: it tells the platform to close the
 * registration window (the spec's message, sent to any origin as the spec says).
 */
export function registrationClosePage(
  message = 'Teamup is registered. You can close this window.',
): HttpAnswer {
  const nonce = cspNonce();
  return {
    status: 200,
    headers: pageHeaders(nonce),
    body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Teamup registered</title></head>
<body><p>${escapeHtml(message)}</p>
<script nonce="${nonce}">(window.opener||window.parent).postMessage({subject:'org.imsglobal.lti.close'},'*');</script>
</body></html>`,
  };
}
