import { Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrganizationAdmin, OrganizationDetail } from '@teamup/shared';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/query-state';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useRemoveOrganizationAdmin } from '../api/remove-organization-admin';
import { notifyFailure, notifySuccess } from '../notifications';
import { AppointAdminForm } from './appoint-admin-form';
import { RoleBadge } from './role-badge';

function AdminRow({
  admin,
  onRemove,
}: {
  admin: OrganizationAdmin;
  onRemove?: (admin: OrganizationAdmin) => void;
}) {
  return (
    <Group justify="space-between" gap="sm" py="xs" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <UserAvatar fullname={admin.fullname} avatar={admin.avatar} radius="xl" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {admin.fullname}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {admin.email}
          </Text>
          <Group gap={6}>
            <RoleBadge role={admin.role} size="sm" />
            {!admin.hasSignedIn && (
              <Badge size="sm" color="yellow.3" variant="filled" autoContrast tt="none">
                Not signed in yet
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      {onRemove && (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`Remove ${admin.fullname} as admin`}
          onClick={() => onRemove(admin)}
          style={{ flexShrink: 0 }}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}

type OrganizationAdminsCardProps = {
  organization: OrganizationDetail;
  /** Superadmins appoint and remove; organization admins only see the list. */
  manage: boolean;
};

export function OrganizationAdminsCard({ organization, manage }: OrganizationAdminsCardProps) {
  const remove = useRemoveOrganizationAdmin();
  const [pending, setPending] = useState<OrganizationAdmin | null>(null);
  const deleted = organization.deletedAt !== null;

  const confirmRemove = () => {
    if (!pending) return;
    const admin = pending;
    remove.mutate(
      { organizationId: organization.id, userId: admin.userId },
      {
        onSuccess: () =>
          notifySuccess(
            'Admin removed',
            `${admin.fullname} no longer administers ${organization.name}.`,
          ),
        onError: (error) => notifyFailure('Could not remove the admin', error),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="organization-admins-heading"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="organization-admins-heading">
            Admins
          </Title>
          <Text size="sm" c="dimmed">
            {manage
              ? 'People who run this organization’s courses and enrollments.'
              : 'People who run this organization. A superadmin appoints and removes them.'}
          </Text>
        </Stack>

        {organization.admins.length === 0 ? (
          <EmptyState>
            {manage && !deleted ? 'No admins yet. Appoint one by email below.' : 'No admins.'}
          </EmptyState>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {organization.admins.map((admin) => (
              <li key={admin.userId}>
                {/* A deleted organization is read-only until it is restored. */}
                <AdminRow admin={admin} onRemove={manage && !deleted ? setPending : undefined} />
              </li>
            ))}
          </Stack>
        )}

        {manage && (
          <>
            <Divider />
            {deleted ? (
              <Text size="sm" c="dimmed">
                Restore the organization to appoint admins.
              </Text>
            ) : (
              <AppointAdminForm organization={organization} />
            )}
          </>
        )}
      </Stack>

      <ConfirmModal
        opened={pending !== null}
        title="Remove this admin?"
        confirmLabel="Remove admin"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setPending(null)}
      >
        <Text size="sm">
          {pending?.fullname} ({pending?.email}) will no longer administer {organization.name}. If
          it was their last organization, they become a student again; a superadmin keeps their
          role.
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
