import { randomBytes } from 'node:crypto';

// The few helpers of the server's own small HTML pages (the LTI protocol pages, the development
// LMS): escaping, JSON inside a script block, and headers under which only the page's one
// nonce'd script runs and nothing loads from elsewhere.

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON that can sit inside a `<script type="application/json">` block. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface PagePolicy {
  /** The one inline script's nonce. */
  nonce: string;
  /** Where the page's forms may post (`'none'` by default). */
  formAction?: string;
  /** Who may frame the page (`'none'` by default). */
  frameAncestors?: string;
  /** What the page may frame (nothing by default). */
  frameSrc?: string;
}

/** An HTML page's headers: only its nonce'd script runs and nothing loads from elsewhere. */
export function pageHeaders(policy: PagePolicy): Record<string, string> {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${policy.nonce}'`,
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    `form-action ${policy.formAction ?? "'none'"}`,
    `frame-ancestors ${policy.frameAncestors ?? "'none'"}`,
    ...(policy.frameSrc ? [`frame-src ${policy.frameSrc}`] : []),
  ].join('; ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'cache-control': 'no-store',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  };
}
