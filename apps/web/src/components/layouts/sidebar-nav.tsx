import { NavLink, Stack, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { MenuItem } from './menu-items';

type SidebarNavProps = {
  items: MenuItem[];
  activeTo: string | undefined;
  collapsed?: boolean;
  onNavigate?: () => void;
};

export function SidebarNav({ items, activeTo, collapsed = false, onNavigate }: SidebarNavProps) {
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
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
          <li key={item.to}>
            {collapsed ? (
              <Tooltip label={item.label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </Stack>
  );
}
