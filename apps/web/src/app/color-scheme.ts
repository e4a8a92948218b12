import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

/**
 * Where the remembered choice lives. public/color-scheme.js reads the same key before the bundle
 * loads (no light flash in the dark scheme), so the two must agree (decision 085).
 */
export const COLOR_SCHEME_STORAGE_KEY = 'teamup-color-scheme';

/** 'auto' follows the operating system; it is also what a first visit gets. */
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';

export const colorSchemeManager = localStorageColorSchemeManager({
  key: COLOR_SCHEME_STORAGE_KEY,
});
