import { Anchor, Button, Grid, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useMyOrganization } from '../api/get-my-organization';
import { isNotFound } from '../utils/is-not-found';
import { OrganizationAdminsCard } from './organization-admins-card';
import { OrganizationCoursesCard } from './organization-courses-card';
import { OrganizationDetailsCard } from './organization-details-card';
import { OrganizationDomainsView } from './organization-domains-view';

type MyOrganizationPageProps = {
  orgId: string;
  /** More sections, below the courses, that other features lend (the LMS connection). */
  children?: ReactNode;
};

export function MyOrganizationPage({ orgId, children }: MyOrganizationPageProps) {
  const organization = useMyOrganization(orgId);

  return (
    <>
      <PageHeader
        title={organization.data?.name ?? 'Organization'}
        description="Courses and admins of this organization."
        actions={
          <Anchor component={Link} to="/admin/organizations" size="sm" c="blue.9" w="fit-content">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              My organizations
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
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack gap="lg">
                <OrganizationDetailsCard organization={organization.data} />
                <OrganizationDomainsView domains={organization.data.domains} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <OrganizationAdminsCard organization={organization.data} manage={false} />
            </Grid.Col>
            <Grid.Col span={12}>
              <OrganizationCoursesCard
                organizationId={orgId}
                linkToCourses
                emptyText="No courses yet. Create the first one with New course."
                actions={
                  <Button
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/admin/courses/create"
                        search={{ organizationId: orgId }}
                      />
                    )}
                    leftSection={<IconPlus size={16} aria-hidden />}
                    size="sm"
                  >
                    New course
                  </Button>
                }
              />
            </Grid.Col>
            {children && <Grid.Col span={12}>{children}</Grid.Col>}
          </Grid>
        </Stack>
      )}
    </>
  );
}
