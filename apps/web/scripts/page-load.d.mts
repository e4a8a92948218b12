// Types for the page-load measurement, so e2e/budget.spec.ts typechecks against it.
import type { Page } from '@playwright/test';

export declare const QUIET_MS: number;
export declare const SLOW_4G: {
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
};

export type PageSpec = {
  key: string;
  path: string | null;
  who: 'student' | 'teamLeader' | 'orgAdmin' | 'superadmin' | null;
  heading: RegExp;
  label?: string;
};
export declare const PAGES: readonly PageSpec[];
export declare const USERS: Readonly<
  Record<'student' | 'teamLeader' | 'orgAdmin' | 'superadmin', string>
>;

export type LoadRow = {
  path: string;
  search: string;
  type: string;
  method: string;
  status: number;
  start: number;
  end?: number;
  startedAt: number;
  endedAt: number;
  encoded: number;
  raw: number;
  encoding: string;
  cacheControl: string;
};
export type ApiCall = LoadRow & { round: number };
export type Measured = { rows: LoadRow[]; usableMs: number; api: ApiCall[] };

export declare function measurePage(
  page: Page,
  url: string,
  options: { heading: RegExp; throttle?: boolean; timeoutMs?: number },
): Promise<Measured>;
export declare function rounds<T extends { start: number; end?: number }>(
  calls: T[],
): (T & { round: number })[];

export type Check = { name: string; figure: number; limit: number; ok: boolean };
export declare function summarize(
  key: string,
  measured: Measured,
): {
  figures: {
    usableMs: number;
    requests: number;
    jsFiles: number;
    jsEncoded: number;
    jsRaw: number;
    small: string[];
    smallFiles: number;
    uncompressed: string[];
    apiCalls: number;
    apiRounds: number;
    api: ApiCall[];
  };
  checks: Check[];
};
