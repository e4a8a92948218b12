import { describe, expect, it } from 'vitest';
import { profileUpdateBodySchema, paginationQuerySchema } from '../src/index.js';

describe('profileUpdateBodySchema', () => {
  it('accepts a partial update', () => {
    expect(profileUpdateBodySchema.parse({ bio: ' hi ' })).toEqual({ bio: 'hi' });
  });
  it('refuses unknown fields and an empty body', () => {
    expect(profileUpdateBodySchema.safeParse({ role: 'SUPERADMIN' }).success).toBe(false);
    expect(profileUpdateBodySchema.safeParse({}).success).toBe(false);
  });
  it('refuses a javascript: link', () => {
    const r = profileUpdateBodySchema.safeParse({
      links: [{ label: 'x', url: 'javascript:alert(1)' }],
    });
    expect(r.success).toBe(false);
  });
});

describe('paginationQuerySchema', () => {
  it('defaults and caps the limit', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(paginationQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
