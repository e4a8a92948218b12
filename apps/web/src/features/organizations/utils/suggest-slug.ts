import { ORG_SLUG_MAX } from '@teamup/shared';

/** "Université de Liège — Sciences" → "universite-de-liege-sciences" (the slug rule's alphabet). */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ORG_SLUG_MAX)
    .replace(/-+$/, '');
}
