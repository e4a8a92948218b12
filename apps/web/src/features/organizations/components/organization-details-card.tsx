import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrganizationDetail } from '@teamup/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateOrganization } from '../api/update-organization';
import { notifyFailure, notifySuccess } from '../notifications';
import { formatDate } from '../utils/format-date';
import { OrganizationCounts } from './organization-counts';
import { OrganizationForm } from './organization-form';

type OrganizationDetailsCardProps = {
  organization: OrganizationDetail;
  /** Superadmins only: opens the delete confirmation. */
  onDelete?: () => void;
};

export function OrganizationDetailsCard({ organization, onDelete }: OrganizationDetailsCardProps) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateOrganization();
  const deleted = organization.deletedAt !== null;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="organization-details-heading"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title
            order={2}
            fz="xl"
            id="organization-details-heading"
            style={{ overflowWrap: 'anywhere' }}
          >
            {/* The page's heading names the organization; this card holds its details. */}
            {editing ? 'Edit details' : 'Details'}
          </Title>
          {!editing && <Code w="fit-content">{organization.slug}</Code>}
        </Stack>

        {editing ? (
          <OrganizationForm
            ariaLabel="Edit organization"
            submitLabel="Save changes"
            initialValues={{
              name: organization.name,
              slug: organization.slug,
              description: organization.description,
            }}
            pending={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              try {
                const saved = await update.mutateAsync({ id: organization.id, body });
                notifySuccess('Organization saved', `${saved.name} has been updated.`);
                setEditing(false);
              } catch (error) {
                notifyFailure('Could not save the organization', error);
                throw error;
              }
            }}
          />
        ) : (
          <>
            <Text
              size="sm"
              c={organization.description ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-wrap' }}
            >
              {organization.description || 'No description.'}
            </Text>
            <OrganizationCounts organization={organization} />
            <Text size="xs" c="dimmed">
              Created{' '}
              <time dateTime={organization.createdAt}>{formatDate(organization.createdAt)}</time>
              {' · '}updated{' '}
              <time dateTime={organization.updatedAt}>{formatDate(organization.updatedAt)}</time>
            </Text>
            <Group gap="sm">
              <Button
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing(true)}
                disabled={deleted}
              >
                Edit details
              </Button>
              {onDelete && !deleted && (
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={onDelete}
                >
                  Delete organization
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
