import type { SkillSuggestions } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Skills already used in my organizations that start with `q`, for a team's wanted skills. */
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

// Not under teamKeys: team changes do not change which skills students list.
export const skillSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['skill-suggestions', 'teams', q] as const,
    queryFn: ({ signal }) => getSkillSuggestions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export function useSkillSuggestions(q: string) {
  return useQuery(skillSuggestionsQueryOptions(q));
}
