import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LtiLinkEvent, LtiLinkEventAction } from '@teamup/shared';
import { useState } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { LINK_EVENTS_PAGE_SIZE, useLtiLinkEvents } from '../api/get-lti-link-events';
import { formatDateTime } from '../utils/format-time';
import { Fact } from '@/components/ui/fact';

const ACTION: Record<LtiLinkEventAction, { label: string; color: string }> = {
  LTI_IDENTITY_LINKED: { label: 'Linked', color: 'teal.9' },
  LTI_IDENTITY_UNLINKED: { label: 'Unlinked', color: 'gray.8' },
  LTI_LINK_REFUSED: { label: 'Link refused', color: 'red.9' },
};

/** How the link came about, in words; a way this page does not know yet shows nothing. */
const VIA: Record<string, string> = {
  LAUNCH: 'At a launch',
  LAUNCH_EMAIL: 'By the email the LMS sent',
  PERSON: 'By the person, signed in on both sides',
  GOOGLE_SIGN_IN: "At the person's first Google sign-in (no domain vouched for the LMS email)",
};

function LinkEventItem({ event }: { event: LtiLinkEvent }) {
  const action = ACTION[event.action];
  // The person unlinks from their profile: signed in once, not on both sides.
  const via =
    event.action === 'LTI_IDENTITY_UNLINKED' && event.via === 'PERSON'
      ? 'By the person, on their profile'
      : VIA[event.via];
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap="xs">
        <Group gap="sm" justify="space-between">
          <Group gap="xs">
            <Badge size="sm" variant="filled" color={action.color} tt="none">
              {action.label}
            </Badge>
            {via && (
              <Text size="sm" c="dimmed">
                {via}
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </Text>
        </Group>
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          spacing="xs"
          verticalSpacing="xs"
          component="dl"
          m={0}
        >
          <Fact label="Person">{event.fullname ?? 'No account'}</Fact>
          <Fact label="LMS email">{event.lmsEmail ?? 'None sent'}</Fact>
          <Fact label="Platform">{event.platformName ?? 'Removed platform'}</Fact>
        </SimpleGrid>
        {event.reason && (
          <Text size="sm">
            <Text span fw={600} size="sm">
              Why:{' '}
            </Text>
            {event.reason}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Every link, unlink and refused link of the organization's LMS identities (issue 34): who an
 * LMS launch opened, or why it started a separate LMS-only account instead.
 */
export function AccountLinksCard({ organizationId }: { organizationId: string }) {
  const [page, setPage] = useState(1);
  const events = useLtiLinkEvents(organizationId, { page, limit: LINK_EVENTS_PAGE_SIZE });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="lti-account-links-heading"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="lti-account-links-heading">
            Account links
          </Title>
          <Text size="sm" c="dimmed">
            When a launch opened someone&apos;s Teamup account, when a person linked or unlinked
            their LMS account, and each time a link was refused. Newest first.
          </Text>
        </Stack>
        {events.isPending ? (
          <InlineLoader label="Loading the account links" />
        ) : events.isError ? (
          <ErrorAlert
            title="Could not load the account links"
            error={events.error}
            onRetry={() => void events.refetch()}
          />
        ) : events.data.total === 0 ? (
          <EmptyState>
            No account links yet. They appear here as people launch from the LMS.
          </EmptyState>
        ) : (
          <div>
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Account link events"
            >
              {events.data.items.map((event) => (
                <LinkEventItem key={event.id} event={event} />
              ))}
            </Stack>
            <ListPagination
              page={page}
              limit={LINK_EVENTS_PAGE_SIZE}
              total={events.data.total}
              onChange={setPage}
              noun="events"
            />
          </div>
        )}
      </Stack>
    </Paper>
  );
}
