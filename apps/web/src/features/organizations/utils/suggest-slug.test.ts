import { orgSlugSchema } from '@teamup/shared';
import { suggestSlug } from './suggest-slug';

describe('suggestSlug', () => {
  it.each([
    ['Northfield University', 'northfield-university'],
    ['  Université de Liège — Sciences ', 'universite-de-liege-sciences'],
    ['R&D   Lab 42!', 'r-d-lab-42'],
    ['---', ''],
  ])('turns %j into %j', (name, slug) => {
    expect(suggestSlug(name)).toBe(slug);
  });

  it('stays within the slug rules for long names', () => {
    const slug = suggestSlug(`${'a'.repeat(59)} b c`);
    expect(orgSlugSchema.safeParse(slug).success).toBe(true);
  });
});
