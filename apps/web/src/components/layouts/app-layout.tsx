import { ActionIcon, AppShell, Burger, Drawer, Group, ScrollArea, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import type { Role } from '@teamup/shared';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';
import { PageNotices } from '../ui/page-notices';
import { findActiveMenuItem, getMenuGroups, type MenuPath } from './menu-items';
import { SidebarNav } from './sidebar-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** SPEC §9: sidebar widths and the width under which it becomes a drawer. */
export const SIDEBAR_WIDTH = 256;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const DRAWER_BREAKPOINT_PX = 1024;
export const HEADER_HEIGHT = 60;

const NAV_LABEL = 'Main navigation';

type AppLayoutProps = {
  role: Role | string;
  homeTo: string;
  /** The account menu, composed in by the route (layouts never import features). */
  accountMenu: ReactNode;
  /**
   * The menu entry for the current page when the path alone does not tell it (a team of mine is
   * under My Teams, though its path is under /teams); else the longest matching menu path.
   */
  activePath?: MenuPath;
  /** The user teaches a course (issue 28): the menu offers "Courses I teach". */
  teaching?: boolean;
  /** The user is enrolled as a student somewhere (issue 35): a teacher's "Studying" group. */
  studying?: boolean;
  children: ReactNode;
};

export function AppLayout({
  role,
  homeTo,
  accountMenu,
  activePath,
  teaching = false,
  studying = false,
  children,
}: AppLayoutProps) {
  // Read synchronously so the first paint already has the right layout (no drawer flash).
  const isDesktop = useMediaQuery(`(min-width: ${DRAWER_BREAKPOINT_PX}px)`, true, {
    getInitialValueInEffect: false,
  });
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'teamup-sidebar-collapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [drawerOpened, drawer] = useDisclosure(false);
  const pathname = useLocation({ select: (l) => l.pathname });
  const groups = getMenuGroups(role, { teaching, studying });
  const items = groups.flatMap((g) => g.items);
  const activeTo = activePath ?? findActiveMenuItem(items, pathname)?.to;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={
        isDesktop
          ? {
              width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
              breakpoint: DRAWER_BREAKPOINT_PX,
            }
          : undefined
      }
      padding={{ base: 'md', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!isDesktop && (
              <Burger
                opened={drawerOpened}
                onClick={drawer.open}
                size="sm"
                aria-label="Open navigation"
                aria-expanded={drawerOpened}
              />
            )}
            <Logo to={homeTo} />
          </Group>
          {accountMenu}
        </Group>
      </AppShell.Header>

      {isDesktop ? (
        <AppShell.Navbar p="sm" aria-label={NAV_LABEL}>
          <AppShell.Section grow component={ScrollArea}>
            <SidebarNav groups={groups} activeTo={activeTo} collapsed={collapsed} />
          </AppShell.Section>
          <AppShell.Section pt="sm">
            <Tooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} position="right">
              <ActionIcon
                variant="subtle"
                color="gray.8"
                size="lg"
                onClick={() => setCollapsed((c) => !c)}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
                style={{ marginInline: collapsed ? 'auto' : undefined }}
              >
                {collapsed ? (
                  <IconLayoutSidebarLeftExpand size={22} aria-hidden />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={22} aria-hidden />
                )}
              </ActionIcon>
            </Tooltip>
          </AppShell.Section>
        </AppShell.Navbar>
      ) : (
        <Drawer.Root opened={drawerOpened} onClose={drawer.close} size={SIDEBAR_WIDTH}>
          <Drawer.Overlay />
          <Drawer.Content>
            {/* A div, not Mantine's default header: a second banner landmark fails axe. */}
            <Drawer.Header component="div">
              <Drawer.Title fw={700}>Teamup</Drawer.Title>
              <Drawer.CloseButton aria-label="Close navigation" />
            </Drawer.Header>
            <Drawer.Body p="sm">
              <nav aria-label={NAV_LABEL}>
                <SidebarNav groups={groups} activeTo={activeTo} onNavigate={drawer.close} />
              </nav>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      )}

      {/* tabIndex -1: the skip link's target takes focus without becoming a Tab stop. */}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <PageNotices />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
