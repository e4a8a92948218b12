import type { RefreshResponse } from '@teamup/shared';
import { apiClient, REFRESH_PATH } from '@/lib/api-client';

/** Cookie-only call: the client never sends Authorization here (SPEC §5). */
export async function refreshToken(): Promise<RefreshResponse> {
  const res = await apiClient.get<{ data: RefreshResponse }>(REFRESH_PATH);
  return res.data.data;
}
