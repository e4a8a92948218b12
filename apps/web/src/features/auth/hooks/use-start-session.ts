import type { LoginResponse } from '@teamup/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { startSession, withTokenExpiry } from '../utils/start-session';

type Greeting = { title: string; message: string };

/**
 * A sign-in's answer that arrived another way (linking an LMS-only account to a Teamup account,
 * issue 34) taken as the session, exactly as a sign-in takes it. Throws on an unusable token.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: LoginResponse, greeting?: Greeting) =>
      startSession(queryClient, withTokenExpiry(answer), { greeting }),
    [queryClient],
  );
}
