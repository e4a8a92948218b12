import { Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { AnchorLink } from './router-link';

type BackLinkProps = {
  /** Where "back" goes when the page was opened directly (a new tab, a shared link). */
  to: '/community';
  /** That page's name: "Back to Community". */
  toLabel: string;
};

/**
 * One click back to where the user came from (issue 24): a profile is reached from a team page,
 * a dashboard or a course as well as from the directory. Opened directly, it goes to `to`.
 */
export function BackLink({ to, toLabel }: BackLinkProps) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!canGoBack || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    router.history.back();
  };
  return (
    <AnchorLink to={to} size="sm" onClick={back}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {canGoBack ? 'Back' : `Back to ${toLabel}`}
      </Group>
    </AnchorLink>
  );
}
