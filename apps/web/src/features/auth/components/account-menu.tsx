import { Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useAuthStore } from '@/lib/auth-store';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { useLogout } from '../api/logout';

/** The header's profile menu (SPEC §2): avatar, full name, 'Signed in as' email, My Profile, Log Out. */
export function AccountMenu() {
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const logout = useLogout();
  if (!user) return null;

  const openProfile = () => {
    notifications.show({ color: 'blue', ...NOTIFICATION_TEXTS.profileRedirect });
    void navigate({ to: '/profile' });
  };

  return (
    <Menu position="bottom-end" width={280} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" p={4} style={{ borderRadius: 999 }}>
          <Group gap={6} wrap="nowrap">
            <UserAvatar fullname={user.fullname} avatar={user.avatar} size={36} radius="xl" />
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" p="xs" wrap="nowrap">
          <UserAvatar fullname={user.fullname} avatar={user.avatar} size={40} radius="xl" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {user.fullname}
            </Text>
            <Text size="xs" c="dimmed">
              Signed in as
            </Text>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
        </Group>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={openProfile}>
          My Profile
        </Menu.Item>
        <Menu.Item
          color="red.9"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void logout()}
        >
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
