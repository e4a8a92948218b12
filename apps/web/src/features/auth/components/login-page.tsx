import { notifications } from '@mantine/notifications';
import { Button, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { PublicLayout } from '@/components/layouts/public-layout';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { getSafeRedirect } from '@/lib/roles';
import { useAuthConfig } from '../api/get-auth-config';
import { useSignIn } from '../api/login-with-google';
import { DevLogin } from './dev-login';
import { GoogleSignIn } from './google-sign-in';
import { embedding } from '../utils/embedding';
import { useDocumentTitle } from '@/components/ui/document-title';

type LoginPageProps = { redirect?: string };

/**
 * The login page inside an LMS's frame (issue 28, decision 139): the session Teamup opened there
 * has ended (its refresh failed, or the browser kept nothing), and Google's sign-in cannot work in
 * another site's frame. Every way to the login page ends here, so this says what to do instead:
 * launch again from the course, or use Teamup in a window of its own.
 */
function FramedNotice({ redirect }: LoginPageProps) {
  const back = getSafeRedirect(redirect);
  const href = back ? `/auth/login?redirect=${encodeURIComponent(back)}` : '/auth/login';
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap" align="center">
          <IconInfoCircle size={24} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={1} fz={24}>
            Signed out inside the LMS
          </Title>
        </Group>
        <Text size="sm">
          Your Teamup session has ended. Open Teamup again from your course in the LMS.
        </Text>
        <Button
          component="a"
          href={href}
          target="_blank"
          rel="noopener"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          w="fit-content"
          maw="100%"
        >
          Open Teamup in a new window
        </Button>
      </Stack>
    </Paper>
  );
}

export function LoginPage({ redirect }: LoginPageProps) {
  const [framed] = useState(() => embedding.isFramed());
  useDocumentTitle([framed ? 'Signed out' : 'Sign in']);
  // The sign-in options (and, in development, the demo picker) render at transition priority, in
  // slices, not in the task the config's answer arrives in (decision 100).
  const config = useDeferredValue(useAuthConfig());
  const signIn = useSignIn({ redirect });

  return (
    <PublicLayout>
      <Container size={480} py={{ base: 24, sm: 56 }}>
        <Stack gap="lg">
          {framed ? (
            // In place of Google's sign-in, which a cross-site frame cannot keep a session of.
            <FramedNotice redirect={redirect} />
          ) : (
            <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
              <Stack gap="md">
                <Stack gap={4} ta="center">
                  <Title order={1} fz={28}>
                    Sign in to Teamup
                  </Title>
                  <Text c="dimmed" size="sm">
                    Use your university Google account. First time here? Your account is created
                    when you sign in.
                  </Text>
                </Stack>
                {config.isPending ? (
                  <InlineLoader label="Loading sign-in options" />
                ) : config.isError ? (
                  <ErrorAlert
                    title="Sign-in is unavailable"
                    error={config.error}
                    onRetry={() => void config.refetch()}
                  />
                ) : config.data.googleClientId ? (
                  <GoogleSignIn
                    clientId={config.data.googleClientId}
                    onCredential={(credential) => signIn.mutate({ credential })}
                    onFailure={() =>
                      notifications.show({ color: 'red', ...NOTIFICATION_TEXTS.loginFailed })
                    }
                  />
                ) : (
                  !config.data.devLogin && (
                    <Text size="sm" ta="center" role="alert">
                      Google sign-in is not configured on this server.
                    </Text>
                  )
                )}
                {signIn.isPending && <InlineLoader label="Signing in" />}
              </Stack>
            </Paper>
          )}
          {config.data?.devLogin && (
            <>
              {config.data.googleClientId && <Divider label="or, for development" />}
              <DevLogin pending={signIn.isPending} onSignIn={(body) => signIn.mutate(body)} />
            </>
          )}
        </Stack>
      </Container>
    </PublicLayout>
  );
}
