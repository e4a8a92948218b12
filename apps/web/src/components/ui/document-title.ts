import { useEffect } from 'react';

export const APP_TITLE = 'Teamup';
export const TITLE_SEPARATOR = ' · ';

/** A part of a tab title; empty, null, undefined and false parts are left out. */
export type TitlePart = string | null | undefined | false;

/**
 * The tab title from the most specific part to the least, the app name last:
 * `['CS350', 'My Enrollments']` gives `CS350 · My Enrollments · Teamup` (decision 085).
 */
export function formatDocumentTitle(parts: readonly TitlePart[]): string {
  const kept = parts
    .filter((p): p is string => typeof p === 'string')
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0);
  return [...kept, APP_TITLE].join(TITLE_SEPARATOR);
}

/**
 * Sets the tab title while the calling page is shown. Called once per page (the deepest
 * component that knows what is shown): a page in its loading state passes what it knows so far
 * (`['Team']`) and the same call names the thing once the data arrives (`['Team Byte Club']`).
 */
export function useDocumentTitle(parts: readonly TitlePart[]): void {
  const title = formatDocumentTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
