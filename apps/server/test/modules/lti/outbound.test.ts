// Issue 34 (item 6, decision 143): every request to an LMS goes through one guard. Real servers
// on 127.0.0.1 stand in for platforms; a resolver the test controls stands in for DNS, so "a
// name that resolves to a private address" is exactly that, without touching the network.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { registerWithPlatform } from '../../../src/modules/lti/dynamic-registration.js';
import {
  createOutbound,
  isPrivateAddress,
  type OutboundLog,
  type Resolve,
} from '../../../src/modules/lti/outbound.js';
import { createPlatformKeyStore } from '../../../src/modules/lti/platform-keys.js';
import { createServiceTokenClient } from '../../../src/modules/lti/service-token.js';
import { LtiError } from '../../../src/modules/lti/types.js';
import { TOOL_URL, testToolKeys } from './fixtures.js';
import { closeLocal, closeLocalServers, listenLocal } from './local-servers.js';

const UNREACHABLE = 'Teamup could not reach the platform at that address.';

afterEach(closeLocalServers);

/** A platform's HTTP server on 127.0.0.1 that counts the requests it gets. */
async function platformServer(handler: Parameters<typeof createHttpServer>[1]) {
  const state = { requests: 0 };
  const server = createHttpServer((req, res) => {
    state.requests += 1;
    handler!(req, res);
  });
  return { port: await listenLocal(server), state };
}

/** A bare TCP listener on 127.0.0.1 that counts connections (a TLS client reaches it too). */
async function tcpListener() {
  const state = { connections: 0 };
  const server = createTcpServer((socket) => {
    state.connections += 1;
    socket.destroy();
  });
  return { port: await listenLocal(server), state };
}

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  const port = await listenLocal(server);
  await closeLocal(server);
  return port;
}

const resolvesTo =
  (address: string, calls = { count: 0 }): Resolve =>
  async () => {
    calls.count += 1;
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const log: OutboundLog = { warn: (details) => lines.push(details) };
  return { log, lines };
}

async function ltiError(promise: Promise<unknown>): Promise<LtiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LtiError);
  return error as LtiError;
}

/** Dynamic registration's first request: the configuration URL, as /lti/register makes it. */
const readConfiguration = (url: string, outbound = createOutbound({ restricted: false })) =>
  registerWithPlatform(
    { openid_configuration: url, registration_token: 't' },
    {
      toolUrl: TOOL_URL,
      outbound,
      timeoutMs: 1_000,
    },
  );

/** A launch's need of the platform's keys: the store fetches them. */
const keysFrom = (url: string, outbound: ReturnType<typeof createOutbound>) =>
  Promise.resolve(
    createPlatformKeyStore({ outbound }).keyFor(url)({ alg: 'RS256', kid: 'k' }, {
      payload: '',
      signature: '',
    } as never),
  );

describe('the addresses a platform cannot have', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['192.168.1.1', true],
    ['100.64.0.1', true],
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['::1', true],
    ['::', true],
    ['fd00:ec2::254', true],
    ['fc00::1', true],
    ['fe80::1', true],
    ['ff02::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['64:ff9b::a00:1', true],
    ['2002:c0a8:101::1', true],
    ['93.184.215.14', false],
    ['8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ])('%s private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('in production (restricted)', () => {
  it('a host name that resolves to 127.0.0.1 is refused before any connection, with the one text', async () => {
    const target = await tcpListener();
    const { log, lines } = recordingLog();
    const outbound = createOutbound({ restricted: true, resolve: resolvesTo('127.0.0.1'), log });
    const error = await ltiError(
      readConfiguration(`https://lms.example.edu:${target.port}/openid-configuration`, outbound),
    );
    expect(error.message).toBe(UNREACHABLE);
    expect(target.state.connections).toBe(0);
    // The detail is for the server's log only; the query (it may carry a token) is not logged.
    expect(lines).toEqual([
      expect.objectContaining({
        outbound: 'blocked_address',
        url: `https://lms.example.edu:${target.port}/openid-configuration`,
      }),
    ]);
  });

  it('so are an address literal, the metadata service, and an IPv4-mapped loopback', async () => {
    const outbound = createOutbound({ restricted: true });
    for (const url of [
      'https://127.0.0.1/jwks',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/latest/meta-data/',
      'https://[::ffff:127.0.0.1]/jwks',
      'https://10.0.0.8/jwks',
    ]) {
      const error = await ltiError(keysFrom(url, outbound));
      expect(error.message, url).toBe(UNREACHABLE);
    }
  });

  it('plain http is refused, with no connection', async () => {
    const target = await platformServer((_req, res) => res.end('{}'));
    const outbound = createOutbound({ restricted: true, resolve: resolvesTo('93.184.215.14') });
    const error = await ltiError(
      readConfiguration(`http://lms.example.edu:${target.port}/openid-configuration`, outbound),
    );
    expect(error.reason).toBe('insecure_url');
    expect(target.state.requests).toBe(0);
  });

  it('a host of LTI_ALLOWED_PRIVATE_HOSTS may be private, and is reached at the address checked', async () => {
    const target = await tcpListener();
    const calls = { count: 0 };
    const outbound = createOutbound({
      restricted: true,
      allowedPrivateHosts: ['lms.campus.internal'],
      resolve: resolvesTo('127.0.0.1', calls),
    });
    const error = await ltiError(
      readConfiguration(
        `https://lms.campus.internal:${target.port}/openid-configuration`,
        outbound,
      ),
    );
    // It got as far as the TLS handshake with the listener (which hangs up): the address passed
    // and was the one connected to, resolved once (lms.campus.internal is in no real DNS).
    expect(error.message).toBe(UNREACHABLE);
    expect(target.state.connections).toBe(1);
    expect(calls.count).toBe(1);
  });

  it('the metadata address stays refused even when listed', async () => {
    const outbound = createOutbound({
      restricted: true,
      allowedPrivateHosts: ['169.254.169.254', 'metadata.internal'],
      resolve: resolvesTo('169.254.169.254'),
    });
    for (const url of ['https://169.254.169.254/', 'https://metadata.internal/']) {
      expect((await ltiError(readConfiguration(url, outbound))).message).toBe(UNREACHABLE);
    }
  });
});

describe('every platform request (development too)', () => {
  it('a closed port and a 500 give the same text, without the status', async () => {
    const failing = await platformServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('internal error at /var/lib/secret');
    });
    const closed = await closedPort();
    const fromClosed = await ltiError(
      readConfiguration(`http://127.0.0.1:${closed}/openid-configuration`),
    );
    const from500 = await ltiError(
      readConfiguration(`http://127.0.0.1:${failing.port}/openid-configuration`),
    );
    expect(fromClosed.message).toBe(UNREACHABLE);
    expect(from500.message).toBe(fromClosed.message);
    expect(from500.reason).toBe(fromClosed.reason);
  });

  it('an open port that is no LMS is said as a closed one is', async () => {
    const notAnLms = await platformServer((_req, res) => res.end('<html>router login</html>'));
    const error = await ltiError(
      readConfiguration(`http://127.0.0.1:${notAnLms.port}/openid-configuration`),
    );
    expect(error.message).toBe(UNREACHABLE);
  });

  it('connects to the address it resolved, never resolving again', async () => {
    const calls = { count: 0 };
    const target = await platformServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"keys":[]}');
    });
    const outbound = createOutbound({ restricted: false, resolve: resolvesTo('127.0.0.1', calls) });
    const answer = await outbound.request(`http://lms.test:${target.port}/jwks`, {
      maxBytes: 1024,
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"keys":[]}');
    expect(calls.count).toBe(1);
  });

  it('an answer bigger than the limit is refused, announced or not', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const announced = await platformServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(big);
    });
    const streamed = await platformServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      for (let i = 0; i < 20; i += 1) res.write('x'.repeat(64 * 1024));
      res.end();
    });
    const { log, lines } = recordingLog();
    const outbound = createOutbound({ restricted: false, log });
    for (const port of [announced.port, streamed.port]) {
      const error = await ltiError(keysFrom(`http://127.0.0.1:${port}/jwks`, outbound));
      expect(error.message).toBe(UNREACHABLE);
    }
    expect(lines.map((l) => l.outbound)).toEqual(['too_large', 'too_large']);
  });

  it('an answer slower than the time limit is refused', async () => {
    const slow = await platformServer(() => {
      // Never answers.
    });
    const { log, lines } = recordingLog();
    const client = createServiceTokenClient({
      keys: await testToolKeys(),
      outbound: createOutbound({ restricted: false, log }),
      timeoutMs: 300,
    });
    const started = Date.now();
    const error = await ltiError(
      client.getToken({
        id: 'p',
        organizationId: 'o',
        name: 'Slow LMS',
        issuer: 'http://127.0.0.1',
        clientId: 'c',
        authorizationUrl: `http://127.0.0.1:${slow.port}/auth`,
        tokenUrl: `http://127.0.0.1:${slow.port}/token`,
        jwksUrl: `http://127.0.0.1:${slow.port}/jwks`,
        deploymentIds: ['1'],
      }),
    );
    expect(error.message).toBe(UNREACHABLE);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(lines.map((l) => l.outbound)).toEqual(['timeout']);
  });

  it('a redirect is not followed', async () => {
    const elsewhere = await platformServer((_req, res) => res.end('{"keys":[]}'));
    const redirecting = await platformServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/jwks` });
      res.end();
    });
    const error = await ltiError(
      keysFrom(`http://127.0.0.1:${redirecting.port}/jwks`, createOutbound({ restricted: false })),
    );
    expect(error.message).toBe(UNREACHABLE);
    expect(elsewhere.state.requests).toBe(0);
  });
});
