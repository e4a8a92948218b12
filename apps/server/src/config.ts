import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { REPEAT_FILINGS_MAX } from '@teamup/shared/constants';
import { z } from 'zod';
import { parseDurationSeconds } from './lib/duration.js';
import { defaultWebDistDir } from './lib/paths.js';

const TRUE_WORDS = ['on', 'true', '1', 'yes'];
const FALSE_WORDS = ['off', 'false', '0', 'no'];

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => TRUE_WORDS.includes(v) || FALSE_WORDS.includes(v), {
    error: 'expected on/off, true/false or 1/0',
  })
  .transform((v) => TRUE_WORDS.includes(v));

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'expected a number' })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `expected a number from ${min} to ${max}` });

const duration = z.string().transform((v, ctx) => {
  const seconds = parseDurationSeconds(v);
  if (seconds === null) {
    ctx.addIssue({ code: 'custom', message: 'expected a duration like 15m, 30d or 3600s' });
    return z.NEVER;
  }
  return seconds;
});

const emailList = z.string().transform((v, ctx) => {
  const emails = v
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of emails) {
    if (!z.email().safeParse(email).success) {
      ctx.addIssue({ code: 'custom', message: `"${email}" is not an email address` });
      return z.NEVER;
    }
  }
  return emails;
});

/** What Fastify's `trustProxy` takes: off, every hop, or proxy addresses and ranges. */
export type TrustProxy = boolean | string[];

// proxy-addr's names for the private ranges a load balancer usually sits in.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For to believe (decision 071): off (the default); a comma list
 * of proxy addresses, CIDR ranges or the names loopback/linklocal/uniquelocal; or on (every
 * hop: only when nothing but the proxy can reach the server). No hop counts: Fastify 5 ignores
 * them, because a client that reaches the server directly could forge the hops.
 */
const trustProxy = z.string().transform((v, ctx): TrustProxy => {
  const value = v.trim().toLowerCase();
  if (['off', 'false', 'no', '0'].includes(value)) return false;
  if (['on', 'true', 'yes'].includes(value)) return true;
  if (/^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message: 'hop counts are not supported; list the proxy addresses or ranges (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined || entries.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `expected off, on or a comma list of IP addresses/CIDR ranges; "${bad ?? v}" is neither`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * LTI_ALLOWED_PRIVATE_HOSTS (decision 143): the host names or addresses of an on-premises LMS
 * that Teamup may reach although they resolve to private addresses. Comma-separated.
 */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const bareHost = (entry: string) =>
  entry
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
const hostList = z.string().transform((v, ctx) => {
  const entries = v.split(',').map(bareHost).filter(Boolean);
  const bad = entries.find((e) => isIP(e) === 0 && !HOST_NAME.test(e));
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a comma list of host names or IP addresses; "${bad}" is neither`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Issue 35: the origin of a server listening on HOST:PORT, as a browser on this machine opens it.
 * A start on 127.0.0.1 (the default) writes its links with 127.0.0.1, not localhost: the two are
 * different sites to a browser, so a link to the other one opened signed out. A server listening
 * on every interface (0.0.0.0, ::) is reached at 127.0.0.1 from this machine.
 */
export function listeningOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** The domain of the default sender: PUBLIC_URL's host name, "localhost" for an address. */
function mailDomainOf(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return isIP(host.replace(/^\[|\]$/g, '')) === 0 ? host : 'localhost';
}

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'expected development, production or test',
    })
    .default('development'),
  PORT: wholeNumber(0, 65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'expected a postgres:// connection string' })
    .optional(),
  DATABASE_POOL_MAX: wholeNumber(1, 1000).default(10),
  DATABASE_READ_LANES: wholeNumber(0, 64).default(2),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^/\s]+/, { error: 'expected smtp://[user:pass@]host[:port] or smtps://…' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
  MAIL_UNSUBSCRIBE_MAILTO: z.email({ error: 'expected an email address' }).optional(),
  MAIL_WORKER: flag.optional(),
  DKIM_DOMAIN: z.string().trim().min(1).max(253).optional(),
  DKIM_SELECTOR: z.string().trim().min(1).max(63).optional(),
  DKIM_PRIVATE_KEY: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  AUTH_DEV_LOGIN: flag.optional(),
  SUPERADMIN_EMAILS: emailList.default([]),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** The LTI tool's private keys: a JSON array of PKCS#8 PEMs or private RSA JWKs, newest first. */
  LTI_PRIVATE_KEYS: z.string().trim().min(1).optional(),
  LTI_ALLOWED_PRIVATE_HOSTS: hostList.default([]),
  ACCESS_TOKEN_TTL: duration.default(15 * 60),
  REFRESH_TOKEN_TTL: duration.default(30 * 86_400),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  AUTH_RATE_LIMIT_MAX: wholeNumber(1, 1_000_000).default(30),
  TEAM_ASK_LIMIT: wholeNumber(1, 1_000_000).default(REPEAT_FILINGS_MAX),
  TRUST_PROXY: trustProxy.default(false),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  RESPONSE_CHECK: flag.optional(),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(24, { error: 'must be at least 24 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'expected printable characters without spaces' })
    .optional(),
});

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  NODE_ENV: NodeEnv;
  PORT: number;
  HOST: string;
  /** Absolute. */
  DATA_DIR: string;
  /** Unset: embedded PGlite under DATA_DIR/pglite. */
  DATABASE_URL: string | undefined;
  /** Most PostgreSQL connections (so concurrent transactions) of this process. */
  DATABASE_POOL_MAX: number;
  /** Connections kept for signed-in reads besides the pool (decision 104); 0: none. */
  DATABASE_READ_LANES: number;
  /**
   * Origin of the web app, without a trailing slash; unset, the address the server listens on
   * (listeningOrigin), so every link (emails included) opens where the person signed in.
   */
  PUBLIC_URL: string;
  /** The SMTP server email is sent through (issue 26, decision 133); unset: email is not sent. */
  SMTP_URL: string | undefined;
  /** The sender of every email; default `Teamup <no-reply@…>` at PUBLIC_URL's host. */
  MAIL_FROM: string;
  /**
   * Whether this process runs the mail worker and the digest job (on unless NODE_ENV=test, where
   * the tests drive them; the end-to-end server turns it on).
   */
  MAIL_WORKER: boolean;
  /** Also offered as `List-Unsubscribe: <mailto:…>` when set. */
  MAIL_UNSUBSCRIBE_MAILTO: string | undefined;
  /** DKIM signing, when all three are set (the key in PEM, `\n` for line breaks allowed). */
  DKIM: { domainName: string; keySelector: string; privateKey: string } | undefined;
  GOOGLE_CLIENT_ID: string | undefined;
  AUTH_DEV_LOGIN: boolean;
  /** Lower-cased. */
  SUPERADMIN_EMAILS: string[];
  /** Unset outside production: generated once into DATA_DIR (see lib/secrets.ts). */
  JWT_SECRET: string | undefined;
  /**
   * The LTI tool's signing keys (issue 28): the first signs, all are published at /lti/jwks.
   * Unset: a key generated once into DATA_DIR (lti-keys.json), as JWT_SECRET is outside
   * production; production should set it (a startup warning says so).
   */
  LTI_PRIVATE_KEYS: string | undefined;
  /** Seconds. */
  ACCESS_TOKEN_TTL: number;
  /** Seconds. */
  REFRESH_TOKEN_TTL: number;
  SEED_DEMO: boolean;
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  AUTH_RATE_LIMIT_MAX: number;
  /**
   * Join requests per student and team, and invitations per team and student, in any
   * REPEAT_FILINGS_WINDOW_MINUTES (issue 24, decision 122); the next answers 429.
   */
  TEAM_ASK_LIMIT: number;
  /** Passed to Fastify: whose X-Forwarded-For gives `request.ip`. */
  TRUST_PROXY: TrustProxy;
  /** Absolute. */
  WEB_DIST_DIR: string;
  /**
   * Every response also validated by its zod schema and compared with the compiled serializer's
   * output (decision 097). Default: on when NODE_ENV=test, off otherwise.
   */
  RESPONSE_CHECK: boolean;
  /** Bearer token that GET /metrics requires (decision 110); unset: /metrics answers 404. */
  METRICS_TOKEN: string | undefined;
  /**
   * Host names or addresses of an on-premises LMS that Teamup may reach in production although
   * they are private (decision 143); lower-cased, IPv6 without brackets.
   */
  LTI_ALLOWED_PRIVATE_HOSTS: string[];
}

function fail(issues: { path: string; message: string }[]): never {
  throw new Error(
    `Invalid configuration: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
  );
}

/**
 * Reads the configuration from an environment object. Pure apart from resolving relative
 * paths against `cwd`, so tests can call it with any environment.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): Config {
  // An empty variable (`FOO=` in a compose file) means "unset", not "invalid".
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    fail(
      parsed.error.issues.map((issue) => ({
        path: issue.path.join('.') || '(environment)',
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';

  const issues: { path: string; message: string }[] = [];
  if (production && e.AUTH_DEV_LOGIN === true) {
    issues.push({
      path: 'AUTH_DEV_LOGIN',
      message: 'the development identity provider must stay off when NODE_ENV=production',
    });
  }
  if (production && !e.GOOGLE_CLIENT_ID) {
    issues.push({ path: 'GOOGLE_CLIENT_ID', message: 'required when NODE_ENV=production' });
  }
  if (production && !e.JWT_SECRET) {
    issues.push({ path: 'JWT_SECRET', message: 'required when NODE_ENV=production' });
  }
  if (issues.length > 0) fail(issues);

  const toAbsolute = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const publicUrl = (e.PUBLIC_URL ?? listeningOrigin(e.HOST, e.PORT)).replace(/\/+$/, '');
  return {
    NODE_ENV: e.NODE_ENV,
    PORT: e.PORT,
    HOST: e.HOST,
    DATA_DIR: toAbsolute(e.DATA_DIR),
    DATABASE_URL: e.DATABASE_URL,
    DATABASE_POOL_MAX: e.DATABASE_POOL_MAX,
    DATABASE_READ_LANES: e.DATABASE_READ_LANES,
    PUBLIC_URL: publicUrl,
    SMTP_URL: e.SMTP_URL,
    MAIL_FROM: e.MAIL_FROM ?? `Teamup <no-reply@${mailDomainOf(publicUrl)}>`,
    MAIL_UNSUBSCRIBE_MAILTO: e.MAIL_UNSUBSCRIBE_MAILTO,
    MAIL_WORKER: e.MAIL_WORKER ?? e.NODE_ENV !== 'test',
    DKIM:
      e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
        ? {
            domainName: e.DKIM_DOMAIN,
            keySelector: e.DKIM_SELECTOR,
            privateKey: e.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
          }
        : undefined,
    GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID,
    AUTH_DEV_LOGIN: e.AUTH_DEV_LOGIN ?? !production,
    SUPERADMIN_EMAILS: e.SUPERADMIN_EMAILS,
    JWT_SECRET: e.JWT_SECRET,
    LTI_PRIVATE_KEYS: e.LTI_PRIVATE_KEYS,
    ACCESS_TOKEN_TTL: e.ACCESS_TOKEN_TTL,
    REFRESH_TOKEN_TTL: e.REFRESH_TOKEN_TTL,
    SEED_DEMO: e.SEED_DEMO ?? (!e.DATABASE_URL && !production),
    LOG_LEVEL: e.LOG_LEVEL,
    AUTH_RATE_LIMIT_MAX: e.AUTH_RATE_LIMIT_MAX,
    TEAM_ASK_LIMIT: e.TEAM_ASK_LIMIT,
    TRUST_PROXY: e.TRUST_PROXY,
    WEB_DIST_DIR: e.WEB_DIST_DIR ? toAbsolute(e.WEB_DIST_DIR) : defaultWebDistDir,
    RESPONSE_CHECK: e.RESPONSE_CHECK ?? e.NODE_ENV === 'test',
    METRICS_TOKEN: e.METRICS_TOKEN,
    LTI_ALLOWED_PRIVATE_HOSTS: e.LTI_ALLOWED_PRIVATE_HOSTS,
  };
}
