import { MAX_PAGE_LIMIT, type Course, type Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type CsvCourseOption = Pick<
  Course,
  'id' | 'code' | 'title' | 'term' | 'organizationId' | 'organizationName'
>;

/** Enough for any organization; a larger catalogue would need a server-side search box. */
const MAX_PAGES = 10;

/** The active courses of my organizations: an archived course cannot take new enrollments. */
export async function getCsvCourseOptions(): Promise<CsvCourseOption[]> {
  const options: CsvCourseOption[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await apiClient.get<{ data: Paginated<Course> }>('/courses', {
      params: { archived: 'active', limit: MAX_PAGE_LIMIT, page },
    });
    const { items, total } = res.data.data;
    for (const c of items) {
      options.push({
        id: c.id,
        code: c.code,
        title: c.title,
        term: c.term,
        organizationId: c.organizationId,
        organizationName: c.organizationName,
      });
    }
    if (items.length === 0 || options.length >= total) break;
  }
  return options;
}

// Under 'courses' so that creating, editing or archiving a course refreshes the picker too.
export const csvCourseOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['courses', 'csv-options'], queryFn: getCsvCourseOptions });

export function useCsvCourseOptions() {
  return useQuery(csvCourseOptionsQueryOptions());
}
