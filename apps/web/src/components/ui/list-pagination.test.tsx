import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ListPagination } from './list-pagination';

const footer = (total: number, extra: { page?: number; one?: string; noun?: string } = {}) => {
  const { unmount } = renderWithProviders(
    <ListPagination
      page={extra.page ?? 1}
      limit={20}
      total={total}
      noun={extra.noun ?? 'teams'}
      {...(extra.one ? { one: extra.one } : {})}
      onChange={() => {}}
    />,
  );
  const text = screen.getByText(/team|quer|No /).textContent;
  unmount();
  return text;
};

describe('ListPagination', () => {
  it('counts a lone item in the singular and ranges in the plural', () => {
    expect(footer(0)).toBe('No teams');
    expect(footer(1)).toBe('1 team');
    expect(footer(2)).toBe('1–2 of 2 teams');
    expect(footer(57, { page: 3 })).toBe('41–57 of 57 teams');
    expect(footer(1, { noun: 'queries', one: 'query' })).toBe('1 query');
  });
});
