import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { PublicLayout } from '@/components/layouts/public-layout';
import { useDocumentTitle } from '@/components/ui/document-title';
import { ApiError } from '@/lib/api-client';
import { useLtiSignIn } from '../api/login-with-lti';
import { embedding } from '../utils/embedding';

const AGAIN = 'Open Teamup again from your course in the LMS.';
const EXPIRED_TITLE = 'This link has expired or was already used';
const INCOMPLETE_TITLE = 'This link is not complete';

type LtiLandingPageProps = {
  /** The launch's one-time code, taken from the address before it was cleared. */
  code: string | undefined;
  /** Removes the code from the address bar and the history (it is single use). */
  onCodeTaken: () => void;
};

/** The sign-in that does not need the LMS: Google, in a window of its own when framed. */
function GoogleInstead({ framed }: { framed: boolean }) {
  return framed ? (
    <Anchor href="/auth/login" target="_blank" rel="noopener" c="blue.9" underline="always">
      Sign in with Google instead (opens a new window)
    </Anchor>
  ) : (
    <Anchor component={Link} to="/auth/login" c="blue.9" underline="always">
      Sign in with Google instead
    </Anchor>
  );
}

/**
 * Where an LMS launch lands (issue 28, decision 138): the one-time code of the address is
 * exchanged for the usual session, then the app opens the course, or its admin page for staff.
 *
 * In a frame whose storage the browser blocks (Safari's third-party storage rules), a session
 * could not outlive the page: the code is not spent here but handed to a new window, where
 * Teamup is a first-party site and exchanges it itself.
 */
export function LtiLandingPage({ code, onCodeTaken }: LtiLandingPageProps) {
  const signIn = useLtiSignIn();
  const [framed] = useState(() => embedding.isFramed());
  const [blocked] = useState(() => framed && !embedding.storageAvailable());
  const [openedElsewhere, setOpenedElsewhere] = useState(false);
  // The code is single use: exchanged once, even when React runs the effect twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (code) onCodeTaken();
    if (code && !blocked) signIn.mutate(code);
  }, [code, blocked, onCodeTaken, signIn]);

  const error = signIn.error;
  const expired = !code || (error instanceof ApiError && error.status === 401);
  useDocumentTitle([
    blocked ? 'Open Teamup' : error || !code ? 'Could not open Teamup' : 'Opening Teamup',
  ]);

  let body;
  if (!code || error) {
    body = (
      <>
        <Title order={1} fz={24}>
          Could not open Teamup
        </Title>
        <Alert
          color="red.9"
          variant="outline"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title={!code ? INCOMPLETE_TITLE : expired ? EXPIRED_TITLE : 'Sign-in failed'}
        >
          <Text size="sm">{expired ? AGAIN : error?.message}</Text>
        </Alert>
        {!expired && code && (
          <Button
            variant="outline"
            onClick={() => signIn.mutate(code)}
            loading={signIn.isPending}
            w="fit-content"
          >
            Try again
          </Button>
        )}
        <GoogleInstead framed={framed} />
      </>
    );
  } else if (blocked) {
    body = (
      <>
        <Title order={1} fz={24}>
          Open Teamup in its own window
        </Title>
        <Text size="sm">
          Your browser does not let Teamup keep you signed in inside the LMS page, so it has to open
          in a window of its own.
        </Text>
        <Button
          component="a"
          href={`/auth/lti?code=${encodeURIComponent(code)}`}
          target="_blank"
          rel="noopener"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          onClick={() => setOpenedElsewhere(true)}
          w="fit-content"
          maw="100%"
        >
          Open Teamup in a new window
        </Button>
        {openedElsewhere && (
          <Text size="sm" c="dimmed" role="status">
            Teamup opened in a new window. Did nothing open, or does it say the link expired? Open
            Teamup again from your course in the LMS.
          </Text>
        )}
      </>
    );
  } else {
    body = (
      <>
        <Title order={1} fz={24}>
          Opening Teamup…
        </Title>
        <Loader aria-label="Signing you in" role="status" size="sm" />
        <Text size="sm" c="dimmed">
          Signing you in with your LMS account.
        </Text>
      </>
    );
  }

  return (
    <PublicLayout>
      <Container size={480} py={{ base: 24, sm: 56 }}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">{body}</Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
