import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { UnsubscribeBody, UnsubscribeInfo } from '@teamup/shared';
import { IconCircleCheck, IconInfoCircle, IconMailOff } from '@tabler/icons-react';
import { PublicLayout } from '@/components/layouts/public-layout';
import { useDocumentTitle } from '@/components/ui/document-title';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { ApiError } from '@/lib/api-client';
import { useUnsubscribeInfo } from '../api/get-unsubscribe-info';
import { useUnsubscribe } from '../api/unsubscribe';

export const UNSUBSCRIBE_TEXTS = {
  invalid:
    'This unsubscribe link is invalid or has expired. Sign in and choose your email settings on your profile.',
  kindButton: 'Unsubscribe from these emails',
  allButton: 'Unsubscribe from all Teamup emails',
  digestTitle: 'Stop the daily digest',
} as const;

/** The link's token was refused: forged, expired, cut short by a mail client. */
const isInvalidToken = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'INVALID_UNSUBSCRIBE_TOKEN' ||
    (error.status === 400 && error.code === 'VALIDATION_ERROR'));

/** Long labels wrap on a phone instead of being cut. */
const WRAPPING = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 },
} as const;

const titleOf = (info: UnsubscribeInfo) =>
  info.label === null ? UNSUBSCRIBE_TEXTS.digestTitle : `Stop emails about “${info.label}”`;

function ManageLink() {
  return (
    <Text size="sm">
      To choose email by kind, or to turn emails back on,{' '}
      <AnchorLink to="/profile" underline="always">
        open your profile’s email settings
      </AnchorLink>{' '}
      (sign-in needed).
    </Text>
  );
}

function InvalidLink() {
  return (
    <Alert
      color="red.9"
      variant="outline"
      role="alert"
      title="This link does not work"
      icon={<IconInfoCircle aria-hidden />}
    >
      <Stack gap="sm">
        <Text size="sm">{UNSUBSCRIBE_TEXTS.invalid}</Text>
        <AnchorLink to="/profile" size="sm">
          Sign in and open your profile
        </AnchorLink>
      </Stack>
    </Alert>
  );
}

function Done({ scope, info }: { scope: UnsubscribeBody['scope']; info: UnsubscribeInfo }) {
  const what =
    scope === 'ALL'
      ? 'You will get no more Teamup email'
      : info.label === null
        ? 'You will get no more daily digest'
        : `You will get no more email about “${info.label}”`;
  return (
    <Alert
      color="teal.9"
      variant="light"
      role="status"
      title="You are unsubscribed"
      icon={<IconCircleCheck aria-hidden />}
    >
      <Stack gap="sm">
        <Text size="sm">
          {what} at your address at {info.emailDomain}. What the bell in Teamup shows is unchanged.
        </Text>
        <ManageLink />
      </Stack>
    </Alert>
  );
}

function Choice({ token, info }: { token: string; info: UnsubscribeInfo }) {
  const unsubscribe = useUnsubscribe(token);
  const sent = unsubscribe.variables?.scope;

  if (unsubscribe.isSuccess && sent) return <Done scope={sent} info={unsubscribe.data} />;
  if (unsubscribe.isError && isInvalidToken(unsubscribe.error)) return <InvalidLink />;

  const post = (scope: UnsubscribeBody['scope']) => unsubscribe.mutate({ scope });
  return (
    <Stack gap="md">
      {info.allOff ? (
        <Alert color="gray" variant="light" role="note" icon={<IconInfoCircle aria-hidden />}>
          All Teamup emails are already off for this address.
        </Alert>
      ) : (
        info.kindOff && (
          <Alert color="gray" variant="light" role="note" icon={<IconInfoCircle aria-hidden />}>
            These emails are already off. You can still stop every Teamup email.
          </Alert>
        )
      )}
      {unsubscribe.isError && (
        <ErrorAlert title="Could not unsubscribe" error={unsubscribe.error} />
      )}
      <Stack gap="sm">
        <Button
          styles={WRAPPING}
          leftSection={<IconMailOff size={16} aria-hidden />}
          onClick={() => post('KIND')}
          loading={unsubscribe.isPending && sent === 'KIND'}
          disabled={unsubscribe.isPending || info.kindOff || info.allOff}
        >
          {UNSUBSCRIBE_TEXTS.kindButton}
        </Button>
        <Button
          styles={WRAPPING}
          variant="default"
          onClick={() => post('ALL')}
          loading={unsubscribe.isPending && sent === 'ALL'}
          disabled={unsubscribe.isPending || info.allOff}
        >
          {UNSUBSCRIBE_TEXTS.allButton}
        </Button>
      </Stack>
      <ManageLink />
    </Stack>
  );
}

function Body({ token }: { token: string }) {
  const info = useUnsubscribeInfo(token);
  useDocumentTitle([info.data ? titleOf(info.data) : null, 'Unsubscribe']);

  if (info.isPending) {
    return (
      <>
        <Title order={1} fz={24}>
          Unsubscribe
        </Title>
        <InlineLoader label="Reading the link" />
      </>
    );
  }
  if (info.isError) {
    return (
      <>
        <Title order={1} fz={24}>
          Unsubscribe
        </Title>
        {isInvalidToken(info.error) ? (
          <InvalidLink />
        ) : (
          <ErrorAlert
            title="Could not read the link"
            error={info.error}
            onRetry={() => void info.refetch()}
          />
        )}
      </>
    );
  }
  return (
    <>
      <Stack gap={4}>
        <Title order={1} fz={24} style={{ overflowWrap: 'anywhere' }}>
          {titleOf(info.data)}
        </Title>
        <Text size="sm" c="dimmed">
          For the email Teamup sent to an address at {info.data.emailDomain}. Nothing changes until
          you choose below.
        </Text>
      </Stack>
      <Choice token={token} info={info.data} />
    </>
  );
}

/**
 * /email/unsubscribe?token=…, the page an email's unsubscribe link opens (decision 133): it says
 * what the link would stop and changes nothing until a button is pressed. No sign-in.
 */
export function UnsubscribePage({ token }: { token?: string }) {
  return (
    <PublicLayout>
      <Container size={560} py={{ base: 24, sm: 56 }}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">{token ? <Body token={token} /> : <NoToken />}</Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}

function NoToken() {
  useDocumentTitle(['Unsubscribe']);
  return (
    <>
      <Title order={1} fz={24}>
        Unsubscribe
      </Title>
      <InvalidLink />
    </>
  );
}
