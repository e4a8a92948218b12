import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { ROLES, type DirectoryUser, type OrganizationDetail, type Role } from '@teamup/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useAppointOrganizationAdmin } from '../api/appoint-organization-admin';
import { useUserDirectory } from '../api/get-user-directory';
import { notifyFailure, notifySuccess } from '../notifications';
import { formatDate } from '../utils/format-date';
import { RoleBadge, roleLabel } from './role-badge';

export const USER_DIRECTORY_PAGE_SIZE = 20;

const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: roleLabel(role) })),
];

function UserCell({ user }: { user: DirectoryUser }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <UserAvatar fullname={user.fullname} avatar={user.avatar} radius="xl" size="md" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.fullname}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      </Stack>
    </Group>
  );
}

function AdministeredOrganizations({ user }: { user: DirectoryUser }) {
  if (user.organizations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {user.organizations.map((org) => (
        <Badge key={org.id} variant="outline" color="blue.9" tt="none" size="sm">
          {org.name}
        </Badge>
      ))}
    </Group>
  );
}

function LastSignIn({ user }: { user: DirectoryUser }) {
  if (!user.lastSignInAt) {
    return (
      <Text size="sm" c="dimmed">
        Never signed in
      </Text>
    );
  }
  return (
    <Text size="sm">
      <time dateTime={user.lastSignInAt}>{formatDate(user.lastSignInAt)}</time>
    </Text>
  );
}

type RowAction = (user: DirectoryUser) => ReactNode;

function DirectoryTable({ items, action }: { items: DirectoryUser[]; action?: RowAction }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">User</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Administers</Table.Th>
            <Table.Th scope="col">Last sign-in</Table.Th>
            {action && (
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <UserCell user={user} />
              </Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} size="sm" />
              </Table.Td>
              <Table.Td>
                <AdministeredOrganizations user={user} />
              </Table.Td>
              <Table.Td>
                <LastSignIn user={user} />
              </Table.Td>
              {action && <Table.Td ta="right">{action(user)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DirectoryCard({ user, action }: { user: DirectoryUser; action?: RowAction }) {
  return (
    <Card withBorder radius="md" padding="sm" component="article">
      <Stack gap={6}>
        <UserCell user={user} />
        <Group gap={6}>
          <RoleBadge role={user.role} size="sm" />
        </Group>
        <Group gap={6} align="flex-start" wrap="nowrap">
          <Text size="sm" style={{ flexShrink: 0 }}>
            Administers:
          </Text>
          <AdministeredOrganizations user={user} />
        </Group>
        <Group gap={6}>
          <Text size="sm">Last sign-in:</Text>
          <LastSignIn user={user} />
        </Group>
        {action && <Group>{action(user)}</Group>}
      </Stack>
    </Card>
  );
}

type UserDirectoryProps = {
  /** When given, each user who does not administer it yet can be made its admin. */
  organization?: OrganizationDetail;
};

/** Every user of Teamup for superadmins: search by name or email, filter by role. */
export function UserDirectory({ organization }: UserDirectoryProps) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const appoint = useAppointOrganizationAdmin();
  const users = useUserDirectory({
    page,
    limit: USER_DIRECTORY_PAGE_SIZE,
    search: debouncedSearch || undefined,
    role: role || undefined,
  });

  const canAppoint = organization !== undefined && organization.deletedAt === null;
  const makeAdmin = (user: DirectoryUser) => {
    if (!organization) return;
    appoint.mutate(
      { organizationId: organization.id, body: { email: user.email } },
      {
        onSuccess: (detail) =>
          notifySuccess('Admin appointed', `${user.fullname} now administers ${detail.name}.`),
        onError: (error) => notifyFailure('Could not appoint the admin', error),
      },
    );
  };
  const action: RowAction | undefined = canAppoint
    ? (user) =>
        user.organizations.some((o) => o.id === organization.id) ? (
          <Badge color="teal.9" variant="filled" tt="none">
            Admin here
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="outline"
            aria-label={`Make admin: ${user.fullname}`}
            loading={appoint.isPending && appoint.variables?.body.email === user.email}
            disabled={appoint.isPending}
            onClick={() => makeAdmin(user)}
          >
            Make admin
          </Button>
        )
    : undefined;

  const filtered = debouncedSearch !== '' || role !== '';

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="user-directory-heading"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="user-directory-heading">
            User directory
          </Title>
          <Text size="sm" c="dimmed">
            Everyone who has signed in to Teamup or was appointed by email.
            {canAppoint && ' Make someone an admin of this organization from here.'}
          </Text>
        </Stack>
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Search users"
            placeholder="Name or email"
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            allowDeselect={false}
            onChange={(value) => {
              setRole((value ?? '') as Role | '');
              setPage(1);
            }}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>

        {users.isPending ? (
          <InlineLoader label="Loading users" />
        ) : users.isError ? (
          <ErrorAlert
            title="Could not load users"
            error={users.error}
            onRetry={() => void users.refetch()}
          />
        ) : users.data.items.length === 0 ? (
          <EmptyState>{filtered ? 'No user matches these filters.' : 'No users yet.'}</EmptyState>
        ) : (
          <Box
            style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={users.isPlaceholderData}
          >
            {wide ? (
              <DirectoryTable items={users.data.items} action={action} />
            ) : (
              <SimpleGrid cols={1} spacing="sm">
                {users.data.items.map((user) => (
                  <DirectoryCard key={user.id} user={user} action={action} />
                ))}
              </SimpleGrid>
            )}
            <ListPagination
              page={users.data.page}
              limit={users.data.limit}
              total={users.data.total}
              noun="users"
              onChange={setPage}
            />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
