import { Divider, Stack, Text } from '@mantine/core';
import type { DevIdTokenBody } from '@teamup/shared';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { createDevIdToken } from '../api/create-dev-id-token';
import { useAuthConfig } from '../api/get-auth-config';
import { DevLogin } from './dev-login';
import { GoogleSignIn } from './google-sign-in';

export type SignInOptionsProps = {
  /** A credential is on its way; the demo users' buttons wait. */
  pending: boolean;
  /** The Google (or development) ID token, as the login page posts it to /auth/login/google. */
  onCredential: (credential: string) => void;
  /** Google's button failed, or the development IdP could not sign a token. */
  onFailure: (message: string) => void;
};

/**
 * The login page's ways to sign in, for a page that needs the person's ID token without signing
 * in through it (linking an LMS-only account, issue 34): Google's button and, when the server has
 * the development IdP on, its "Sign in as…" picker.
 */
export function SignInOptions({ pending, onCredential, onFailure }: SignInOptionsProps) {
  const config = useAuthConfig();
  const devToken = useMutation({
    mutationFn: (body: DevIdTokenBody) => createDevIdToken(body),
    onSuccess: ({ credential }) => onCredential(credential),
    onError: (error) => onFailure(error.message),
  });

  if (config.isPending) return <InlineLoader label="Loading sign-in options" />;
  if (config.isError) {
    return (
      <ErrorAlert
        title="Sign-in is unavailable"
        error={config.error}
        onRetry={() => void config.refetch()}
      />
    );
  }
  const { googleClientId, devLogin } = config.data;
  return (
    <Stack gap="md">
      {googleClientId ? (
        <GoogleSignIn
          clientId={googleClientId}
          onCredential={onCredential}
          onFailure={() => onFailure(NOTIFICATION_TEXTS.loginFailed.message)}
        />
      ) : (
        !devLogin && (
          <Text size="sm" role="alert">
            Google sign-in is not configured on this server.
          </Text>
        )
      )}
      {devLogin && (
        <>
          {googleClientId && <Divider label="or, for development" />}
          <DevLogin
            pending={pending || devToken.isPending}
            onSignIn={(body) => devToken.mutate(body)}
          />
        </>
      )}
    </Stack>
  );
}
