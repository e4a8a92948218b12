import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LtiPlatformView } from '@teamup/shared';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { FormModal } from '@/components/ui/form-modal';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { countOf } from '@/lib/format';
import { useLtiPlatforms } from '../api/get-lti-platforms';
import { useRemoveLtiPlatform } from '../api/remove-lti-platform';
import { notifyFailure, notifySuccess } from '../notifications';
import { CopyValue } from './copy-value';
import { EditPlatformForm } from './edit-platform-form';
import { formatDate } from '../utils/format-time';
import { Fact } from '@/components/ui/fact';

function PlatformItem({
  platform,
  onEdit,
  onRemove,
}: {
  platform: LtiPlatformView;
  onEdit: (platform: LtiPlatformView) => void;
  onRemove: (platform: LtiPlatformView) => void;
}) {
  const headingId = `lti-platform-${platform.id}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {platform.name}
            </Title>
            <Group gap={6}>
              <Badge size="sm" variant="light" color="blue.9" tt="none">
                {platform.registeredBy === 'DYNAMIC'
                  ? 'Dynamic registration'
                  : 'Registered by hand'}
              </Badge>
              <Badge size="sm" variant="light" color="gray.8" tt="none">
                {countOf(platform.courses, 'course')}
              </Badge>
            </Group>
          </Stack>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Button
              size="xs"
              variant="default"
              aria-label={`Edit ${platform.name}`}
              onClick={() => onEdit(platform)}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              aria-label={`Remove ${platform.name}`}
              onClick={() => onRemove(platform)}
            >
              Remove
            </Button>
          </Group>
        </Group>
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="xs"
          verticalSpacing="xs"
          component="dl"
          m={0}
        >
          <Fact label="Issuer">{platform.issuer}</Fact>
          <Fact label="Client ID">{platform.clientId}</Fact>
          <Fact label={platform.deploymentIds.length === 1 ? 'Deployment ID' : 'Deployment IDs'}>
            {platform.deploymentIds.join(', ')}
          </Fact>
          <Fact label="Registered">{formatDate(platform.createdAt)}</Fact>
        </SimpleGrid>
        <CopyValue
          label="Login URL"
          value={platform.loginUrl}
          copyLabel={`login URL of ${platform.name}`}
          description="This platform's own login URL: the LMS may use it instead of the shared one, and must when it does not send its client ID at login."
        />
      </Stack>
    </Paper>
  );
}

/** The LMS platforms registered for one organization, each removable (issue 28). */
export function PlatformsCard({ organizationId }: { organizationId: string }) {
  const platforms = useLtiPlatforms(organizationId);
  const remove = useRemoveLtiPlatform();
  const [pending, setPending] = useState<LtiPlatformView | null>(null);
  const [editing, setEditing] = useState<LtiPlatformView | null>(null);

  const confirmRemove = () => {
    if (!pending) return;
    const platform = pending;
    remove.mutate(platform.id, {
      onSuccess: () =>
        notifySuccess(
          'Platform removed',
          `${platform.name} can no longer open Teamup. Its courses and people stay.`,
        ),
      onError: (error) => notifyFailure('Could not remove the platform', error),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="lti-platforms-heading"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="lti-platforms-heading">
            Registered platforms
          </Title>
          <Text size="sm" c="dimmed">
            The LMSs whose courses may open Teamup. A dynamic registration appears here by itself.
          </Text>
        </Stack>
        {platforms.isPending ? (
          <InlineLoader label="Loading the platforms" />
        ) : platforms.isError ? (
          <ErrorAlert
            title="Could not load the platforms"
            error={platforms.error}
            onRetry={() => void platforms.refetch()}
          />
        ) : platforms.data.length === 0 ? (
          <EmptyState>
            No LMS registered yet. Use the registration URL above, or register one below.
          </EmptyState>
        ) : (
          <Stack gap="sm">
            {platforms.data.map((platform) => (
              <PlatformItem
                key={platform.id}
                platform={platform}
                onEdit={setEditing}
                onRemove={setPending}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <FormModal
        opened={editing !== null}
        title={editing ? `Edit ${editing.name}` : 'Edit platform'}
        onClose={() => setEditing(null)}
      >
        {editing && <EditPlatformForm platform={editing} onDone={() => setEditing(null)} />}
      </FormModal>

      <ConfirmModal
        opened={pending !== null}
        title="Remove this platform?"
        confirmLabel="Remove platform"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setPending(null)}
      >
        {pending
          ? `Launches from ${pending.name} stop at once, and so do its roster syncs. Its ${countOf(pending.courses, 'course')} and their students, staff and teams stay in Teamup, no longer linked to the LMS: registering it again does not link them again, and an instructor's next launch creates a new course.`
          : ''}
      </ConfirmModal>
    </Paper>
  );
}
