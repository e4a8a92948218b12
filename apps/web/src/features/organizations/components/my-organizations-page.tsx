import { Box, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useMyOrganizations } from '../api/get-my-organizations';
import { MY_ORGANIZATIONS_PAGE_SIZE } from '../utils/list-options';
import { OrganizationCard } from './organization-card';

export function MyOrganizationsPage() {
  const [page, setPage] = useState(1);
  const organizations = useMyOrganizations({ page, limit: MY_ORGANIZATIONS_PAGE_SIZE });

  return (
    <>
      <PageHeader title="Organizations" description="The organizations you administer." />
      {organizations.isPending ? (
        <InlineLoader label="Loading organizations" />
      ) : organizations.isError ? (
        <ErrorAlert
          title="Could not load your organizations"
          error={organizations.error}
          onRetry={() => void organizations.refetch()}
        />
      ) : organizations.data.items.length === 0 ? (
        <EmptyState>
          You do not administer any organization yet. A superadmin appoints organization admins: ask
          one to add your email address to your organization.
        </EmptyState>
      ) : (
        <Box style={{ opacity: organizations.isPlaceholderData ? 0.6 : 1 }}>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {organizations.data.items.map((org) => (
              <OrganizationCard key={org.id} organization={org} area="admin" />
            ))}
          </SimpleGrid>
          {/* Most admins run one or two organizations: the footer only appears when it pages. */}
          {organizations.data.total > organizations.data.limit && (
            <ListPagination
              page={organizations.data.page}
              limit={organizations.data.limit}
              total={organizations.data.total}
              noun="organizations"
              onChange={setPage}
            />
          )}
        </Box>
      )}
    </>
  );
}
