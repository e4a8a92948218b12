import { Box, Group, Select, UnstyledButton } from '@mantine/core';
import { createLink, useLocation, useNavigate } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { COURSE_SECTIONS, sectionOfPath, type CourseSectionKey } from '../sections';
import classes from './course-section-nav.module.css';

// The router's active link gets a className of its own: kept beside the tab's, not over it.
const TabAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(
  ({ className, ...props }, ref) => (
    <UnstyledButton
      component="a"
      ref={ref}
      {...props}
      className={className ? `${classes.tab} ${className}` : classes.tab}
    />
  ),
);
TabAnchor.displayName = 'TabAnchor';
const TabLink = createLink(TabAnchor);

/**
 * The course's sections (issue 35): links styled as tabs on a desktop, a menu naming the
 * current section on a phone. Links, not an ARIA tablist: each section is its own page.
 */
export function CourseSectionNav({ courseId }: { courseId: string }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const navigate = useNavigate();
  const current = sectionOfPath(pathname, courseId);
  return (
    <Box component="nav" aria-label="Course sections">
      <Group
        gap={0}
        wrap="nowrap"
        visibleFrom="sm"
        className={classes.tabs}
        component="ul"
        m={0}
        p={0}
      >
        {COURSE_SECTIONS.map((s) => (
          <li key={s.key} className={classes.item}>
            <TabLink
              to={s.to}
              params={{ courseId }}
              // Exact: the Overview's path is every section's parent.
              activeOptions={{ exact: true }}
              aria-current={s.key === current.key ? 'page' : undefined}
              data-active={s.key === current.key || undefined}
            >
              {s.label}
            </TabLink>
          </li>
        ))}
      </Group>
      <Select
        hiddenFrom="sm"
        label="Section"
        data={COURSE_SECTIONS.map((s) => ({ value: s.key, label: s.label }))}
        value={current.key}
        allowDeselect={false}
        checkIconPosition="right"
        onChange={(value) => {
          const section = COURSE_SECTIONS.find((s) => s.key === (value as CourseSectionKey));
          if (section) void navigate({ to: section.to, params: { courseId } });
        }}
        comboboxProps={{ withinPortal: true }}
      />
    </Box>
  );
}
