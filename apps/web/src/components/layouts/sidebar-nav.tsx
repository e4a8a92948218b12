import { Divider, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { MenuGroup, MenuItem } from './menu-items';

type SidebarNavProps = {
  groups: MenuGroup[];
  activeTo: string | undefined;
  collapsed?: boolean;
  onNavigate?: () => void;
};

type EntryProps = Omit<SidebarNavProps, 'groups'> & { item: MenuItem };

function Entry({ item, activeTo, collapsed = false, onNavigate }: EntryProps) {
  const Icon = item.icon;
  const active = item.to === activeTo;
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      // The longest matching menu path is the current one (see findActiveMenuItem); the
      // router's own fuzzy match would also mark All Teams on /teams/my.
      activeOptions={{ exact: true }}
      aria-current={active ? 'page' : undefined}
      active={active}
      onClick={onNavigate}
      label={collapsed ? undefined : item.label}
      aria-label={collapsed ? item.label : undefined}
      leftSection={<Icon size={22} stroke={1.7} aria-hidden />}
      variant="filled"
      styles={{
        root: {
          borderRadius: 'var(--mantine-radius-md)',
          justifyContent: collapsed ? 'center' : undefined,
          minHeight: 44,
        },
        section: collapsed ? { marginInlineEnd: 0 } : undefined,
      }}
    />
  );
  return (
    <li>
      {collapsed ? (
        <Tooltip label={item.label} position="right" withArrow>
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}

const listStyle = { listStyle: 'none' } as const;

/** A labelled group ("Teaching", "Studying"): its heading, or a rule when the sidebar is icons. */
function Group({ group, ...rest }: Omit<SidebarNavProps, 'groups'> & { group: MenuGroup }) {
  const id = useId();
  return (
    <li>
      {rest.collapsed ? (
        <Divider my={6} aria-hidden />
      ) : (
        <Text id={id} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
          {group.label}
        </Text>
      )}
      <Stack
        gap={4}
        component="ul"
        p={0}
        m={0}
        style={listStyle}
        {...(rest.collapsed ? { 'aria-label': group.label! } : { 'aria-labelledby': id })}
      >
        {group.items.map((item) => (
          <Entry key={`${item.to}-${item.label}`} item={item} {...rest} />
        ))}
      </Stack>
    </li>
  );
}

export function SidebarNav({ groups, ...rest }: SidebarNavProps) {
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={listStyle}>
      {groups.flatMap((group, i) =>
        group.label ? (
          <Group key={group.label} group={group} {...rest} />
        ) : (
          group.items.map((item) => <Entry key={`${i}-${item.to}`} item={item} {...rest} />)
        ),
      )}
    </Stack>
  );
}
