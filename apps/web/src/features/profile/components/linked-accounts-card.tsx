import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LinkedIdentity, LtiLinkSource } from '@teamup/shared';
import { IconLink, IconSchool } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useRef, useState, type ComponentType } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useLinkedIdentities } from '../api/get-linked-identities';
import { useLinkIdentity, type StartSession } from '../api/link-identity';
import { useUnlinkIdentity } from '../api/unlink-identity';

dayjs.extend(relativeTime);

/** Google's button and the development picker, as the login page shows them (features/auth). */
export type SignInOptionsComponent = ComponentType<{
  pending: boolean;
  onCredential: (credential: string) => void;
  onFailure: (message: string) => void;
}>;

/** What the auth feature lends the card through the route: its sign-in and its session start. */
export type AccountLinkParts = {
  SignInOptions: SignInOptionsComponent;
  startSession: StartSession;
};

const HOW_LINKED: Record<LtiLinkSource, string> = {
  NEW: 'Started this account at its first launch',
  VOUCHED_EMAIL: "Linked by an email inside the organization's domains",
  PERSON: 'Linked by you',
};

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={dayjs(iso).format('LLL')}>
      {dayjs(iso).fromNow()}
    </time>
  );
}

function IdentityRow({
  identity,
  onUnlink,
}: {
  identity: LinkedIdentity;
  onUnlink?: (identity: LinkedIdentity) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py="xs" align="flex-start">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
        <IconSchool size={24} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {identity.platformName} · {identity.organizationName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {identity.lmsEmail ? `LMS email ${identity.lmsEmail}` : 'The LMS sent no email'}
          </Text>
          <Badge size="xs" variant="light" color="blue.9" tt="none" w="fit-content" maw="100%">
            {HOW_LINKED[identity.source]}
          </Badge>
          <Text size="xs" c="dimmed">
            Since <When iso={identity.linkedAt} /> · last launch{' '}
            <When iso={identity.lastLaunchAt} />
          </Text>
        </Stack>
      </Group>
      {onUnlink && (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`Unlink ${identity.platformName}`}
          onClick={() => onUnlink(identity)}
          style={{ flexShrink: 0 }}
        >
          Unlink
        </Button>
      )}
    </Group>
  );
}

/**
 * "Link to my Teamup account": the person signs in with Google (or the development IdP) right
 * here, and the answer is the Teamup account's session.
 */
function LinkToTeamup({ SignInOptions, startSession }: AccountLinkParts) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = useLinkIdentity(startSession);
  // One credential at a time: a second click arrives before the pending state has rendered.
  const sending = useRef(false);

  const send = (credential: string) => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    link.mutate(
      { credential },
      {
        onError: (e) => setError(e.message),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        You signed in from your LMS. To use your Teamup account here too, link it.
      </Text>
      {!open ? (
        <Button
          leftSection={<IconLink size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          w="fit-content"
          maw="100%"
        >
          Link to my Teamup account
        </Button>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Sign in with your Teamup account. Its courses and teams stay as they are; from then on a
            launch from this LMS opens that account, and you are signed in as it here.
          </Text>
          {error && (
            <Alert color="red.9" variant="outline" title="Could not link the accounts" role="alert">
              {error}
            </Alert>
          )}
          <SignInOptions
            pending={link.isPending}
            onCredential={send}
            onFailure={(message) => setError(message)}
          />
          {link.isPending && <InlineLoader label="Linking" />}
          <Button
            variant="default"
            onClick={() => {
              setOpen(false);
              setError(null);
            }}
            disabled={link.isPending}
            w="fit-content"
          >
            Cancel
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** The LMS identities that open this account (issue 34), each with Unlink. */
export function LinkedAccountsCard({ linkParts }: { linkParts: AccountLinkParts }) {
  const identities = useLinkedIdentities();
  const unlink = useUnlinkIdentity();
  const [pending, setPending] = useState<LinkedIdentity | null>(null);

  const confirmUnlink = () => {
    if (!pending) return;
    const identity = pending;
    unlink.mutate(identity.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Unlinked',
          message: `${identity.platformName} no longer opens your Teamup account.`,
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not unlink', message: error.message }),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="linked-accounts-heading"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="linked-accounts-heading">
            Linked LMS accounts
          </Title>
          <Text size="sm" c="dimmed">
            The LMS accounts (Moodle, Canvas…) that open this Teamup account when you launch Teamup
            from a course.
          </Text>
        </Stack>
        {identities.isPending ? (
          <InlineLoader label="Loading linked LMS accounts" />
        ) : identities.isError ? (
          <ErrorAlert
            title="Could not load your linked LMS accounts"
            error={identities.error}
            onRetry={() => void identities.refetch()}
          />
        ) : (
          <>
            {identities.data.items.length === 0 ? (
              <EmptyState>No LMS account opens this account.</EmptyState>
            ) : (
              <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {identities.data.items.map((identity) => (
                  <li key={identity.id}>
                    <IdentityRow
                      identity={identity}
                      // The only way into an LMS-only account: nothing to unlink it from.
                      onUnlink={identities.data.lmsOnly ? undefined : setPending}
                    />
                  </li>
                ))}
              </Stack>
            )}
            {identities.data.lmsOnly && <LinkToTeamup {...linkParts} />}
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title="Unlink this LMS account?"
        confirmLabel="Unlink"
        loading={unlink.isPending}
        onConfirm={confirmUnlink}
        onClose={() => setPending(null)}
      >
        {pending
          ? `${pending.platformName} (${pending.organizationName}) will no longer open your Teamup account. The next launch from that LMS starts a separate LMS-only account, which you can link again from its profile.`
          : ''}
      </ConfirmModal>
    </Paper>
  );
}
