import {
  DRAWER_BREAKPOINT_PX,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
} from '@/components/layouts/app-layout';
import { DEFAULT_PAGE_LIMIT } from '@teamup/shared';
import { AUTH_STORAGE_KEY } from '@/lib/auth-store';
import { DEFAULT_TOKEN_LIFETIME_MS } from '@/lib/token';
import { QUERY_DEFAULT_OPTIONS, createQueryClient } from './query-client';
import { createAppRouter } from './router';
import {
  ROUTER_DEFAULT_GC_TIME,
  ROUTER_DEFAULT_PRELOAD,
  ROUTER_DEFAULT_PRELOAD_STALE_TIME,
  ROUTER_DEFAULT_STALE_TIME,
} from './router-options';

describe('SPEC §9 constants', () => {
  it('queries retry once, refetch on focus and go stale after 60 s; mutations do not retry', () => {
    expect(QUERY_DEFAULT_OPTIONS).toEqual({
      queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 60_000 },
      mutations: { retry: false },
    });
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: 1,
      refetchOnWindowFocus: true,
      staleTime: 60_000,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('route data preloads on intent, is fresh for 5 min and kept for 30 min', () => {
    expect(ROUTER_DEFAULT_PRELOAD).toBe('intent');
    expect(ROUTER_DEFAULT_PRELOAD_STALE_TIME).toBe(5 * 60_000);
    expect(ROUTER_DEFAULT_STALE_TIME).toBe(5 * 60_000);
    expect(ROUTER_DEFAULT_GC_TIME).toBe(30 * 60_000);
    const router = createAppRouter({ queryClient: createQueryClient() });
    expect(router.options).toMatchObject({
      defaultPreload: 'intent',
      defaultPreloadStaleTime: 300_000,
      defaultStaleTime: 300_000,
      defaultGcTime: 1_800_000,
    });
  });

  it('sidebar 256/80 px, drawer under 1024 px, session key, page size, token lifetime', () => {
    expect(SIDEBAR_WIDTH).toBe(256);
    expect(SIDEBAR_COLLAPSED_WIDTH).toBe(80);
    expect(DRAWER_BREAKPOINT_PX).toBe(1024);
    expect(AUTH_STORAGE_KEY).toBe('auth-storage');
    expect(DEFAULT_PAGE_LIMIT).toBe(20);
    expect(DEFAULT_TOKEN_LIFETIME_MS).toBe(86_400_000);
  });
});
