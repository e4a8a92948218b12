import type { SkillSuggestions } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Skills already used in my organizations that start with `q`, for the profile's skill tags. */
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

export const skillSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['auth', 'profile', 'skill-suggestions', q] as const,
    queryFn: ({ signal }) => getSkillSuggestions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export function useSkillSuggestions(q: string) {
  return useQuery(skillSuggestionsQueryOptions(q));
}
