// Every request Teamup's server makes to an LMS goes through here (issue 34, decision 143): the
// URLs come from an organization admin's form, a platform's configuration or a launch's claims,
// so each one is treated as an attempt to make the server reach somewhere it should not.
import { lookup as systemLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export const OUTBOUND_TIMEOUT_MS = 10_000;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface OutboundPolicy {
  /**
   * Production: https only, and only public addresses (but the allowed private hosts).
   * Development and tests: plain http and private addresses too (the development LMS and the
   * simulator run on http://127.0.0.1).
   */
  restricted: boolean;
  /** LTI_ALLOWED_PRIVATE_HOSTS: host names or addresses of an on-premises LMS. */
  allowedPrivateHosts?: readonly string[];
  /** The DNS resolution (tests give their own); default: the system's, every address. */
  resolve?: Resolve;
  /** Where a refused or failed request is told in detail (the caller only gets one text). */
  log?: OutboundLog;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The most the answer may be; a longer one is cut off and refused. */
  maxBytes: number;
  /** For the whole request (resolution, connection, answer); default 10 s. */
  timeoutMs?: number;
}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Why a request did not give an answer: for the logs and tests, never for the person. */
export type OutboundFailure =
  | 'bad_url'
  | 'insecure_url'
  | 'dns_failed'
  | 'blocked_address'
  | 'connect_failed'
  | 'timeout'
  | 'too_large'
  | 'redirect';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${reason}: ${detail}`, options);
    this.name = 'OutboundError';
  }
}

export interface Outbound {
  readonly restricted: boolean;
  readonly log: OutboundLog | undefined;
  request(url: string, request: OutboundRequest): Promise<OutboundAnswer>;
}

/**
 * Addresses a platform never lives on: loopback, private (RFC 1918, fc00::/7), link-local (with
 * the cloud metadata services), CGNAT, unspecified, multicast, broadcast, documentation and
 * other reserved ranges.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible addresses
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** Never reachable, not even for an allowed private host. */
const NEVER = new BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addSubnet('240.0.0.0', 4, 'ipv4');
NEVER.addAddress('169.254.169.254', 'ipv4');
NEVER.addAddress('100.100.100.200', 'ipv4');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');
NEVER.addAddress('fd00:ec2::254', 'ipv6');

/** The IPv4 address inside an IPv4-mapped, NAT64 or 6to4 IPv6 address, if it is one. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  const parts = hex ?? sixToFour;
  if (!parts) return null;
  const high = parseInt(parts[1]!, 16);
  const low = parseInt(parts[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function inList(list: BlockList, address: string): boolean {
  const v4 = isIP(address) === 6 ? embeddedIpv4(address) : null;
  if (v4) return list.check(v4, 'ipv4');
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Whether an address is one a platform on the public internet cannot have. */
export function isPrivateAddress(address: string): boolean {
  return inList(PRIVATE, address);
}

/** The host as the allowed list names it: lower case, without IPv6 brackets. */
function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** Where a URL may be logged: without its query (it may carry a token) and without a user. */
export function loggableUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

const defaultResolve: Resolve = async (hostname) =>
  (await systemLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export function createOutbound(policy: OutboundPolicy): Outbound {
  const allowed = new Set((policy.allowedPrivateHosts ?? []).map(bareHost));
  const resolve = policy.resolve ?? defaultResolve;

  /** The addresses a host may be reached at, all checked; throws when any is refused. */
  async function addressesOf(url: URL, host: string): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    const family = isIP(host);
    if (family !== 0) {
      addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await resolve(host);
      } catch (error) {
        throw new OutboundError('dns_failed', host, { cause: error });
      }
      if (addresses.length === 0) throw new OutboundError('dns_failed', host);
    }
    for (const { address } of addresses) {
      if (inList(NEVER, address)) {
        throw new OutboundError('blocked_address', `${host} is at ${address}`);
      }
      if (
        policy.restricted &&
        isPrivateAddress(address) &&
        !allowed.has(host) &&
        !allowed.has(address.toLowerCase())
      ) {
        throw new OutboundError('blocked_address', `${host} is at ${address} (${url.host})`);
      }
    }
    return addresses;
  }

  async function request(target: string, options: OutboundRequest): Promise<OutboundAnswer> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new OutboundError('bad_url', 'not a URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new OutboundError('insecure_url', url.protocol);
    }
    if (policy.restricted && url.protocol !== 'https:') {
      throw new OutboundError('insecure_url', 'plain http in production');
    }
    if (url.username || url.password) throw new OutboundError('bad_url', 'credentials in the URL');
    const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
    const deadline = AbortSignal.timeout(timeoutMs);
    const host = bareHost(url.hostname);
    const addresses = await Promise.race([
      addressesOf(url, host),
      new Promise<never>((_, reject) =>
        deadline.addEventListener('abort', () =>
          reject(new OutboundError('timeout', `resolving ${host}`)),
        ),
      ),
    ]);
    // The connection goes to the addresses just checked, never to a second resolution (which
    // could answer otherwise: DNS rebinding). TLS still checks the certificate for the name.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) {
        callback(null, addresses);
      } else {
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      }
    };
    return new Promise<OutboundAnswer>((resolvePromise, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(url, {
        method: options.method ?? 'GET',
        headers: {
          ...options.headers,
          ...(options.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
        },
        lookup,
        agent: false,
        signal: deadline,
      });
      let settled = false;
      const fail = (error: OutboundError) => {
        if (settled) return;
        settled = true;
        req.destroy();
        reject(error);
      };
      const timedOut = () => fail(new OutboundError('timeout', `after ${timeoutMs} ms`));
      deadline.addEventListener('abort', timedOut, { once: true });
      req.on('error', (error: Error) => {
        fail(
          deadline.aborted
            ? new OutboundError('timeout', `after ${timeoutMs} ms`, { cause: error })
            : new OutboundError('connect_failed', error.message, { cause: error }),
        );
      });
      req.on('response', (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          fail(new OutboundError('redirect', `HTTP ${status}`));
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          fail(new OutboundError('too_large', `content-length ${declared}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > options.maxBytes) {
            fail(new OutboundError('too_large', `more than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error: Error) => {
          fail(
            deadline.aborted
              ? new OutboundError('timeout', `after ${timeoutMs} ms`, { cause: error })
              : new OutboundError('connect_failed', error.message, { cause: error }),
          );
        });
        // A connection that closes before the answer ends is a failure, whatever closed it.
        response.on('close', () => {
          if (!response.complete) {
            fail(new OutboundError('connect_failed', 'the answer was cut off'));
          }
        });
        response.on('end', () => {
          if (settled) return;
          settled = true;
          deadline.removeEventListener('abort', timedOut);
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const v of [value].flat()) headers.append(name, v);
          }
          resolvePromise({ status, headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      req.end(options.body);
    });
  }

  return {
    restricted: policy.restricted,
    log: policy.log,
    async request(target, options) {
      try {
        return await request(target, options);
      } catch (error) {
        const failure =
          error instanceof OutboundError
            ? error
            : new OutboundError('connect_failed', String(error), { cause: error });
        let where = 'an unreadable URL';
        try {
          where = loggableUrl(new URL(target));
        } catch {
          // Logged as unreadable.
        }
        policy.log?.warn(
          { outbound: failure.reason, detail: failure.detail, url: where },
          'LMS request failed',
        );
        throw failure;
      }
    },
  };
}

/**
 * The guard of a process that was not given one (unit tests, scripts): restricted in
 * production, as the app's own is.
 */
export function defaultOutbound(): Outbound {
  return createOutbound({ restricted: process.env.NODE_ENV === 'production' });
}
