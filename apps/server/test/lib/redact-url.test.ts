// The URL redaction the logger uses (issue 34 item 12, decision 144).
import { describe, expect, it } from 'vitest';
import {
  isSecretParam,
  redactLogArguments,
  redactLoggedError,
  redactSecretsInText,
  redactUrl,
} from '../../src/lib/redact-url.js';

const R = '[redacted]';

describe('redactUrl', () => {
  it('redacts the values of credential parameters and keeps the rest as sent', () => {
    expect(redactUrl('/auth/lti?code=abc123&frame=f.sig')).toBe(`/auth/lti?code=${R}&frame=${R}`);
    expect(redactUrl('/lti/register?t=org.123.mac&registration_token=eyJhbGciOi.x.y')).toBe(
      `/lti/register?t=${R}&registration_token=${R}`,
    );
    expect(redactUrl('/api/v1/email/unsubscribe?token=u.K.1.m')).toBe(
      `/api/v1/email/unsubscribe?token=${R}`,
    );
    expect(redactUrl('/api/v1/admin/students?page=2&limit=20&search=kim')).toBe(
      '/api/v1/admin/students?page=2&limit=20&search=kim',
    );
    expect(redactUrl('/')).toBe('/');
    expect(redactUrl('/x?flag&code=1&code=2')).toBe(`/x?flag&code=${R}&code=${R}`);
  });

  it('reads names percent-encoded and in any case, and names that say what they hold', () => {
    expect(redactUrl('/x?ID_TOKEN=a&registration%5Ftoken=b&reset_token=c&api_key=d')).toBe(
      `/x?ID_TOKEN=${R}&registration%5Ftoken=${R}&reset_token=${R}&api_key=${R}`,
    );
    for (const name of ['state', 'login_hint', 'lti_message_hint', 'client_assertion']) {
      expect(isSecretParam(name), name).toBe(true);
    }
    for (const name of ['iss', 'client_id', 'target_link_uri', 'lti_deployment_id', 'page']) {
      expect(isSecretParam(name), name).toBe(false);
    }
  });

  it("keeps a configuration URL's origin and path, not its own query", () => {
    const config = encodeURIComponent(
      'https://moodle.example.edu/mod/lti/openid-configuration.php',
    );
    expect(redactUrl(`/lti/register?openid_configuration=${config}`)).toBe(
      `/lti/register?openid_configuration=${config}`,
    );
    const withQuery = encodeURIComponent('https://lms.example/config?key=s3cret');
    expect(redactUrl(`/lti/register?openid_configuration=${withQuery}`)).toBe(
      `/lti/register?openid_configuration=${encodeURIComponent('https://lms.example/config')}?${R}`,
    );
    expect(redactUrl('/lti/register?openid_configuration=not%20a%20url')).toBe(
      `/lti/register?openid_configuration=${R}`,
    );
  });

  it('redacts user info, fragments and token-like path segments, not ids or assets', () => {
    expect(redactUrl('https://user:pw@lms.example/cb#access_token=x&state=y&x=1')).toBe(
      `https://${R}@lms.example/cb#access_token=${R}&state=${R}&x=1`,
    );
    const token = `0b6c1f0e-4c1e-4d3a-9b1a-2f1e3d4c5b6a.DIGEST.1893456000.${'a'.repeat(32)}`;
    expect(redactUrl(`/unsubscribe/${token}`)).toBe(`/unsubscribe/${R}`);
    expect(redactUrl('/api/v1/courses/0b6c1f0e-4c1e-4d3a-9b1a-2f1e3d4c5b6a')).toBe(
      '/api/v1/courses/0b6c1f0e-4c1e-4d3a-9b1a-2f1e3d4c5b6a',
    );
    expect(redactUrl('/assets/index-BdK3j2aQ.js')).toBe('/assets/index-BdK3j2aQ.js');
  });
});

describe('redaction of free text', () => {
  it('finds URLs and name=value pairs in a message or a stack', () => {
    expect(
      redactSecretsInText(
        'GET https://teamup.example/auth/lti?code=abc&x=1 failed; retry /lti/register?t=tok',
      ),
    ).toBe(`GET https://teamup.example/auth/lti?code=${R}&x=1 failed; retry /lti/register?t=${R}`);
    expect(redactSecretsInText('input: "registration_token=eyJ.x.y"')).toBe(
      `input: "registration_token=${R}"`,
    );
    expect(redactSecretsInText('Course not found')).toBe('Course not found');
    expect(redactSecretsInText('a = b, total=3')).toBe('a = b, total=3');
  });

  it("redacts every string of a serialized error and a log call's text fields", () => {
    const error = {
      type: 'TypeError',
      message: 'Invalid URL',
      stack: 'TypeError: Invalid URL\n    at x',
      input: 'https://teamup.example/lti/register?t=tok&registration_token=rt',
      cause: { type: 'Error', message: 'see /auth/lti?code=c1', stack: '' },
    };
    expect(redactLoggedError(error)).toEqual({
      ...error,
      input: `https://teamup.example/lti/register?t=${R}&registration_token=${R}`,
      cause: { type: 'Error', message: `see /auth/lti?code=${R}`, stack: '' },
    });
    const fields = { url: '/auth/lti?code=c2', n: 3 };
    const [obj, msg] = redactLogArguments([fields, 'opened /email/unsubscribe?token=t1']);
    expect(obj).toEqual({ url: `/auth/lti?code=${R}`, n: 3 });
    expect(fields.url).toBe('/auth/lti?code=c2');
    expect(msg).toBe(`opened /email/unsubscribe?token=${R}`);
    // Nothing to change: the same object, not a copy.
    const plain = { courseId: 'c', changes: 2 };
    expect(redactLogArguments([plain])[0]).toBe(plain);
  });
});
