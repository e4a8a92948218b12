// The search params of /s/health (System Analytics). Route files keep zod out of the entry
// (decision 095): these are plain checks, and only types come from @teamup/shared.
import type { AnalyticsRange } from '@teamup/shared';
import { optionalEnum, optionalUuid } from '@/lib/search-params';

/** The server's ANALYTICS_RANGES, without importing the zod contract into the entry. */
export const RANGE_OPTIONS = [7, 30, 90] as const satisfies readonly AnalyticsRange[];
export const DEFAULT_RANGE: AnalyticsRange = 30;

export const SYSTEM_ANALYTICS_TABS = ['analytics', 'health'] as const;
export type SystemAnalyticsTab = (typeof SYSTEM_ANALYTICS_TABS)[number];

export type AnalyticsSearch = { range: AnalyticsRange; organizationId?: string | undefined };
export type SystemAnalyticsSearch = AnalyticsSearch & { tab: SystemAnalyticsTab };

/** As the URL holds it: the defaults are left out. */
export type SystemAnalyticsUrlSearch = {
  tab?: SystemAnalyticsTab | undefined;
  range?: AnalyticsRange | undefined;
  organizationId?: string | undefined;
};

/** 7, 30 or 90, as a number or its text (a hand-typed URL); anything else is the default. */
function optionalRange(value: unknown): AnalyticsRange | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return RANGE_OPTIONS.find((r) => r === n);
}

// Every key is set, undefined when bad (see the community route): a bad value falls back to the
// default instead of an error page.
export const validateSystemAnalyticsSearch = (
  search: Record<string, unknown>,
): SystemAnalyticsUrlSearch => ({
  tab: optionalEnum(search.tab, SYSTEM_ANALYTICS_TABS),
  range: optionalRange(search.range),
  organizationId: optionalUuid(search.organizationId),
});

export const withDefaults = (search: SystemAnalyticsUrlSearch): SystemAnalyticsSearch => ({
  tab: search.tab ?? 'analytics',
  range: search.range ?? DEFAULT_RANGE,
  organizationId: search.organizationId,
});

/** The URL's search after a change: the defaults stay out of it. */
export function nextUrlSearch(
  prev: SystemAnalyticsUrlSearch,
  next: Partial<SystemAnalyticsSearch>,
): SystemAnalyticsUrlSearch {
  const merged = withDefaults({ ...prev, ...next });
  const out: SystemAnalyticsUrlSearch = {};
  if (merged.tab !== 'analytics') out.tab = merged.tab;
  if (merged.range !== DEFAULT_RANGE) out.range = merged.range;
  if (merged.organizationId) out.organizationId = merged.organizationId;
  return out;
}
