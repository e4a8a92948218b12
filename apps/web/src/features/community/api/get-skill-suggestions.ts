import type { SkillSuggestions } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { communityKeys } from './query-keys';

/** Skills already used in the viewer's organizations that start with `q`. */
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
    queryKey: communityKeys.skills(q),
    queryFn: ({ signal }) => getSkillSuggestions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export function useSkillSuggestions(q: string) {
  return useQuery(skillSuggestionsQueryOptions(q));
}
