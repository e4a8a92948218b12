import type { DirectoryUser, Paginated, Role, UserDirectoryQuery } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './query-keys';

export type UserDirectoryParams = { page: number; limit: number; search?: string; role?: Role };

export async function getUserDirectory({
  page,
  limit,
  search,
  role,
}: UserDirectoryParams): Promise<Paginated<DirectoryUser>> {
  const params: UserDirectoryQuery = { page, limit };
  if (search) params.search = search;
  if (role) params.role = role;
  const res = await apiClient.get<{ data: Paginated<DirectoryUser> }>(
    '/organizations/super/users/list',
    { params },
  );
  return res.data.data;
}

export const userDirectoryQueryOptions = (params: UserDirectoryParams) =>
  queryOptions({
    queryKey: organizationKeys.userDirectory(params),
    queryFn: () => getUserDirectory(params),
    placeholderData: keepPreviousData,
  });

export function useUserDirectory(params: UserDirectoryParams, { enabled = true } = {}) {
  return useQuery({ ...userDirectoryQueryOptions(params), enabled });
}
