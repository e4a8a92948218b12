import type { DevIdTokenBody } from '@teamup/shared';
import { apiClient } from '@/lib/api-client';

/** The development identity provider signs an ID token that the normal Google login accepts. */
export async function createDevIdToken(body: DevIdTokenBody): Promise<{ credential: string }> {
  const res = await apiClient.post<{ data: { credential: string } }>('/dev/id-token', body);
  return res.data.data;
}
