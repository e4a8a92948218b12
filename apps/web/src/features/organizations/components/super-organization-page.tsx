import { Alert, Anchor, Button, Grid, Group, Stack, Tabs, Text } from '@mantine/core';
import type { OrganizationDetail } from '@teamup/shared';
import { IconArrowLeft, IconRestore } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { isNotFound } from '../utils/is-not-found';
import { useDeleteOrganization } from '../api/delete-organization';
import { useSuperOrganization } from '../api/get-super-organization';
import { useRestoreOrganization } from '../api/restore-organization';
import { notifyFailure, notifySuccess } from '../notifications';
import { formatDate } from '../utils/format-date';
import type { SuperOrganizationTab } from '../utils/list-options';
import { OrganizationAdminsCard } from './organization-admins-card';
import { OrganizationCoursesCard } from './organization-courses-card';
import { OrganizationDetailsCard } from './organization-details-card';
import { OrganizationDomainsCard } from './organization-domains-card';
import { UserDirectory } from './user-directory';

function DeletedBanner({ organization }: { organization: OrganizationDetail }) {
  const restore = useRestoreOrganization();
  return (
    <Alert color="red.9" variant="outline" title="This organization is deleted" role="status">
      <Stack gap="sm">
        <Text size="sm">
          Deleted on{' '}
          <time dateTime={organization.deletedAt ?? ''}>
            {formatDate(organization.deletedAt ?? organization.updatedAt)}
          </time>
          . Its admins, courses and enrollments are kept; restoring brings everything back as it
          was.
        </Text>
        <Group>
          <Button
            size="xs"
            leftSection={<IconRestore size={14} aria-hidden />}
            loading={restore.isPending}
            onClick={() =>
              restore.mutate(organization.id, {
                onSuccess: (detail) =>
                  notifySuccess('Organization restored', `${detail.name} is available again.`),
                onError: (error) => notifyFailure('Could not restore the organization', error),
              })
            }
          >
            Restore organization
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

type SuperOrganizationPageProps = {
  orgId: string;
  tab: SuperOrganizationTab;
  onTabChange: (tab: SuperOrganizationTab) => void;
};

export function SuperOrganizationPage({ orgId, tab, onTabChange }: SuperOrganizationPageProps) {
  const organization = useSuperOrganization(orgId);
  const remove = useDeleteOrganization();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const confirmDelete = () => {
    remove.mutate(orgId, {
      onSuccess: (detail) =>
        notifySuccess(
          'Organization deleted',
          `${detail.name} is hidden from its admins. Its data is kept and you can restore it.`,
        ),
      onError: (error) => notifyFailure('Could not delete the organization', error),
      onSettled: () => setConfirmingDelete(false),
    });
  };

  return (
    <>
      <PageHeader
        title={organization.data?.name ?? 'Organization'}
        description="Details, email domains, admins and courses of this organization."
        actions={
          <Anchor component={Link} to="/s/organizations" size="sm" c="blue.9" w="fit-content">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              All organizations
            </Group>
          </Anchor>
        }
      />
      {organization.isPending ? (
        <InlineLoader label="Loading organization" />
      ) : organization.isError ? (
        <ErrorAlert
          title="Could not load this organization"
          error={organization.error}
          onRetry={isNotFound(organization.error) ? undefined : () => void organization.refetch()}
        />
      ) : (
        <Stack gap="lg">
          {organization.data.deletedAt && <DeletedBanner organization={organization.data} />}
          <Tabs
            value={tab}
            onChange={(value) => onTabChange((value as SuperOrganizationTab | null) ?? 'overview')}
            keepMounted={false}
          >
            <Tabs.List mb="lg">
              <Tabs.Tab value="overview">Overview</Tabs.Tab>
              <Tabs.Tab value="users">User directory</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="overview">
              <Grid gutter="lg">
                <Grid.Col span={{ base: 12, lg: 6 }}>
                  <Stack gap="lg">
                    <OrganizationDetailsCard
                      organization={organization.data}
                      onDelete={() => setConfirmingDelete(true)}
                    />
                    <OrganizationDomainsCard
                      key={organization.data.id}
                      organization={organization.data}
                    />
                  </Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 6 }}>
                  <OrganizationAdminsCard organization={organization.data} manage />
                </Grid.Col>
                <Grid.Col span={12}>
                  <OrganizationCoursesCard
                    organizationId={orgId}
                    linkToCourses={false}
                    emptyText="No courses yet. Its admins create them."
                    unavailableText={
                      organization.data.deletedAt
                        ? 'Its courses are kept and come back when you restore the organization.'
                        : undefined
                    }
                  />
                </Grid.Col>
              </Grid>
            </Tabs.Panel>
            <Tabs.Panel value="users">
              <UserDirectory organization={organization.data} />
            </Tabs.Panel>
          </Tabs>

          <ConfirmModal
            opened={confirmingDelete}
            title="Delete this organization?"
            confirmLabel="Delete organization"
            loading={remove.isPending}
            onConfirm={confirmDelete}
            onClose={() => setConfirmingDelete(false)}
          >
            <Stack gap="xs">
              <Text size="sm">
                {organization.data.name} will be hidden and its admins lose access to it. Admins
                with no other organization become students.
              </Text>
              <Text size="sm">
                Nothing is erased: its courses, enrollments and admins are kept, and you can restore
                the organization from this page at any time.
              </Text>
            </Stack>
          </ConfirmModal>
        </Stack>
      )}
    </>
  );
}
