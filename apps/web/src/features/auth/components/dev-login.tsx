import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import type { DevIdTokenBody, DevUser, Role } from '@teamup/shared';
import { UserAvatar } from '@/components/ui/user-avatar';
import { ErrorAlert, EmptyState } from '@/components/ui/query-state';
import { useDevUsers } from '../api/get-dev-users';

const ROLE_LABEL: Record<Role, string> = {
  STUDENT: 'Student',
  ORG_ADMIN: 'Org admin',
  SUPERADMIN: 'Superadmin',
};
const ROLE_COLOR: Record<Role, string> = {
  STUDENT: 'teal.9',
  ORG_ADMIN: 'grape.9',
  SUPERADMIN: 'red.9',
};

type DevLoginProps = {
  pending: boolean;
  onSignIn: (body: DevIdTokenBody) => void;
};

/**
 * One demo user. The button and the role badge never shrink; the name wraps and the email is cut
 * with its full text in a tooltip, so the row fits a 320 px phone.
 */
function DevUserRow({ user, pending, onSignIn }: { user: DevUser } & DevLoginProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" mih={ROW_HEIGHT}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <UserAvatar fullname={user.fullname} avatar={null} size="md" style={{ flexShrink: 0 }} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.fullname}
            </Text>
            <Badge
              size="xs"
              color={ROLE_COLOR[user.role]}
              variant="filled"
              tt="none"
              style={{ flexShrink: 0, overflow: 'visible' }}
            >
              {ROLE_LABEL[user.role]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" truncate title={user.email}>
            {user.email}
          </Text>
        </Stack>
      </Group>
      <Button
        size="xs"
        disabled={pending}
        aria-label={`Sign in as ${user.fullname}`}
        onClick={() => onSignIn({ email: user.email })}
        style={{ flexShrink: 0 }}
      >
        Sign in
      </Button>
    </Group>
  );
}

/** Rows held while the demo users load, so the form under them does not jump. */
const PLACEHOLDER_ROWS = 8;
const ROW_HEIGHT = 44;

function DevUserPlaceholders() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading demo users">
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
        <Group key={i} gap="sm" wrap="nowrap" h={ROW_HEIGHT}>
          <Skeleton circle height={38} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="55%" />
            <Skeleton height={10} width="75%" />
          </Stack>
          <Skeleton height={30} width={64} />
        </Group>
      ))}
    </Stack>
  );
}

/** The development identity provider: demo users and any email (DESIGN §4). */
export function DevLogin({ pending, onSignIn }: DevLoginProps) {
  const users = useDevUsers(true);
  // The list (a row of Mantine components per demo user) renders at transition priority, in
  // slices, not in the task its answer arrives in; the placeholders stay until then (decision 100).
  const deferredUsers = useDeferredValue(users.data);
  const list = users.data ? deferredUsers : undefined;
  const form = useForm<{ email: string; fullname: string }>({
    mode: 'controlled',
    initialValues: { email: '', fullname: '' },
  });

  // The server's own email rule, loaded on the first submit: the login page is in the entry
  // chunk, and zod's API is not (decision 095).
  const submit = async (v: { email: string; fullname: string }) => {
    const email = v.email.trim();
    const { devIdTokenBodySchema } = await import('@teamup/shared/auth');
    if (!devIdTokenBodySchema.shape.email.safeParse(email).success) {
      form.setFieldError('email', 'Enter a valid email');
      return;
    }
    onSignIn({ email, fullname: v.fullname.trim() || undefined });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Sign in as…
          </Title>
          <Text size="sm" c="dimmed">
            Development sign-in: pick a demo user. This is off in production.
          </Text>
          <Text size="sm" c="dimmed">
            Emails this server sends in development are kept in the{' '}
            <Anchor component={Link} to="/dev/mail" size="sm" underline="always">
              Development mailbox
            </Anchor>
            .
          </Text>
        </Stack>
        {users.isPending ? (
          <DevUserPlaceholders />
        ) : users.isError ? (
          <ErrorAlert
            title="Could not load demo users"
            error={users.error}
            onRetry={() => void users.refetch()}
          />
        ) : !list ? (
          <DevUserPlaceholders />
        ) : list.length === 0 ? (
          <EmptyState>No demo users. Use an email below.</EmptyState>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((u) => (
              <li key={u.email}>
                <DevUserRow user={u} pending={pending} onSignIn={onSignIn} />
              </li>
            ))}
          </Stack>
        )}
        <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Or any email
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Name (optional)"
              autoComplete="name"
              {...form.getInputProps('fullname')}
            />
            <Button type="submit" variant="default" loading={pending}>
              Sign in with this email
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
