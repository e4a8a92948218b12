import type { SkillSuggestions } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Skills already used by the students I may see that start with `q`, most used first. */
export async function getSkillSuggestions(
  q: string,
  signal?: AbortSignal,
): Promise<SkillSuggestions> {
  const res = await apiClient.get<{ data: SkillSuggestions }>('/community/skills', {
    params: { q, limit: 10 },
    signal,
  });
  return res.data.data;
}

// One cache for every skill field (profile, team edit, directory filter): which skills students
// list changes slowly, so a few minutes' staleness is fine.
export const skillSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['skill-suggestions', q] as const,
    queryFn: ({ signal }) => getSkillSuggestions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export function useSkillSuggestions(q: string) {
  return useQuery(skillSuggestionsQueryOptions(q));
}
