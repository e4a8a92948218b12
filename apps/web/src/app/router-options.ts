/** SPEC §9: route data preloads on intent, is fresh for 5 min and kept for 30 min. */
export const ROUTER_DEFAULT_PRELOAD = 'intent' as const;
export const ROUTER_DEFAULT_PRELOAD_STALE_TIME = 5 * 60 * 1000;
export const ROUTER_DEFAULT_STALE_TIME = 5 * 60 * 1000;
export const ROUTER_DEFAULT_GC_TIME = 30 * 60 * 1000;
