import {
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconChevronDown,
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconSun,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useAuthStore } from '@/lib/auth-store';
import { NOTIFICATION_TEXTS } from '@/lib/notification-texts';
import { useLogout } from '../api/logout';

/** The email with break opportunities after `@` and dots, so it wraps there and not mid-word. */
function emailWithBreaks(email: string): ReactNode[] {
  return email
    .split(/(?<=[@.])/)
    .flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

const COLOR_SCHEMES: { value: MantineColorScheme; label: string; icon: Icon }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'Follow system', icon: IconDeviceDesktop },
];

/**
 * Light, dark or the system's scheme, remembered in this browser (decision 085). Radio items of
 * the menu: the menu stays open so the choice is seen to take effect.
 */
function ColorSchemeItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <div role="group" aria-labelledby="color-scheme-label">
      <Menu.Label id="color-scheme-label">Theme</Menu.Label>
      {COLOR_SCHEMES.map(({ value, label, icon: SchemeIcon }) => {
        const checked = colorScheme === value;
        return (
          <Menu.Item
            key={value}
            // Mantine fixes role="menuitem"; a choice of three is a set of radio items.
            renderRoot={(props) => (
              <button type="button" {...props} role="menuitemradio" aria-checked={checked} />
            )}
            closeMenuOnClick={false}
            leftSection={<SchemeIcon size={16} aria-hidden />}
            rightSection={checked ? <IconCheck size={16} aria-hidden /> : undefined}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        );
      })}
    </div>
  );
}

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
    // Not in a portal: the open menu stays inside the header's banner landmark. No focus
    // placeholder: a focusable div is not a valid child of a menu (axe), the first item takes focus.
    <Menu
      position="bottom-end"
      width={280}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
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
            {/* Breaks after its @ or a dot, mid-word only for a part wider than the menu. */}
            <Text size="xs" title={user.email} style={{ overflowWrap: 'break-word' }}>
              {emailWithBreaks(user.email)}
            </Text>
          </Stack>
        </Group>
        <Menu.Divider />
        <ColorSchemeItems />
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
