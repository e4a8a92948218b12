import {
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { OrganizationSummary } from '@teamup/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useSuperOrganizations } from '../api/get-super-organizations';
import { formatDate } from '../utils/format-date';
import { SUPER_ORGANIZATIONS_PAGE_SIZE } from '../utils/list-options';
import { OrganizationCard } from './organization-card';

export type SuperOrganizationsFilters = { page: number; search: string; showDeleted: boolean };

type SuperOrganizationsPageProps = {
  filters: SuperOrganizationsFilters;
  onFiltersChange: (patch: Partial<SuperOrganizationsFilters>) => void;
};

function OrganizationsTable({ items }: { items: OrganizationSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Organizations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Slug</Table.Th>
            <Table.Th scope="col" ta="right">
              Admins
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Courses
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Students
            </Table.Th>
            <Table.Th scope="col">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((org) => (
            <Table.Tr key={org.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor
                    renderRoot={(props) => (
                      <Link {...props} to="/s/organizations/$orgId" params={{ orgId: org.id }} />
                    )}
                    fw={600}
                    c="blue.9"
                  >
                    {org.name}
                  </Anchor>
                  {org.deletedAt && (
                    <Badge color="red.9" variant="filled" size="sm">
                      Deleted
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Code>{org.slug}</Code>
              </Table.Td>
              <Table.Td ta="right">{org.adminCount}</Table.Td>
              <Table.Td ta="right">{org.courseCount}</Table.Td>
              <Table.Td ta="right">{org.studentCount}</Table.Td>
              <Table.Td>
                <time dateTime={org.createdAt}>{formatDate(org.createdAt)}</time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SuperOrganizationsPage({ filters, onFiltersChange }: SuperOrganizationsPageProps) {
  const [search, setSearch] = useState(filters.search);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // A wide table on desktops; cards on phones, where six columns cannot be read.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const organizations = useSuperOrganizations({
    page: filters.page,
    limit: SUPER_ORGANIZATIONS_PAGE_SIZE,
    search: filters.search || undefined,
    includeDeleted: filters.showDeleted,
  });

  useEffect(() => {
    if (debouncedSearch !== filters.search) onFiltersChange({ search: debouncedSearch, page: 1 });
  }, [debouncedSearch, filters.search, onFiltersChange]);

  const filtered = filters.search !== '';

  return (
    <>
      <PageHeader
        title="Organizations"
        description="Every organization on Teamup and its admins."
        actions={
          <Group mt="xs">
            <Button
              component={Link}
              to="/s/organizations/create"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New organization
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput
              label="Search organizations"
              placeholder="Name or slug"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              type="search"
            />
            <Switch
              label="Show deleted"
              checked={filters.showDeleted}
              onChange={(event) =>
                onFiltersChange({ showDeleted: event.currentTarget.checked, page: 1 })
              }
              mb={8}
            />
          </Group>

          {organizations.isPending ? (
            <InlineLoader label="Loading organizations" />
          ) : organizations.isError ? (
            <ErrorAlert
              title="Could not load organizations"
              error={organizations.error}
              onRetry={() => void organizations.refetch()}
            />
          ) : organizations.data.items.length === 0 ? (
            <EmptyState>
              {filtered
                ? `No organization matches “${filters.search}”.`
                : 'No organizations yet. Create the first one with New organization.'}
            </EmptyState>
          ) : (
            <Box
              style={{ opacity: organizations.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={organizations.isPlaceholderData}
            >
              {wide ? (
                <OrganizationsTable items={organizations.data.items} />
              ) : (
                <SimpleGrid cols={1} spacing="sm">
                  {organizations.data.items.map((org) => (
                    <OrganizationCard key={org.id} organization={org} area="superadmin" />
                  ))}
                </SimpleGrid>
              )}
              <ListPagination
                page={organizations.data.page}
                limit={organizations.data.limit}
                total={organizations.data.total}
                noun="organizations"
                onChange={(page) => onFiltersChange({ page })}
              />
            </Box>
          )}
        </Stack>
      </Paper>
    </>
  );
}
