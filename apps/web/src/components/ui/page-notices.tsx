import { Alert, Stack } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { usePageNotices } from '@/lib/page-notices';

/**
 * The page notices (lib/page-notices), above the page's content and in its flow, so they cover
 * nothing. Those that do not stay across pages leave at the next page the reader opens.
 */
export function PageNotices() {
  const notices = usePageNotices((s) => s.notices);
  const pathname = useLocation({ select: (l) => l.pathname });
  // The page on which the current notices were first shown.
  const shownOn = useRef<string | null>(null);
  const any = notices.length > 0;
  useEffect(() => {
    if (!any) {
      shownOn.current = null;
    } else if (shownOn.current === null) {
      shownOn.current = pathname;
    } else if (shownOn.current !== pathname) {
      shownOn.current = pathname;
      usePageNotices.getState().leavePage();
    }
  }, [any, pathname]);

  if (!any) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="page-notices">
      {notices.map((n) => (
        <Alert
          key={n.id}
          // A status, not an alert: good news, announced politely.
          role="status"
          aria-live="polite"
          // Outline at shade 9 keeps the title above 4.5:1 in both schemes (as ErrorAlert does).
          color={`${n.color}.9`}
          variant="outline"
          title={n.title}
          withCloseButton
          closeButtonLabel="Close notification"
          onClose={() => usePageNotices.getState().close(n.id)}
        >
          {n.message}
        </Alert>
      ))}
    </Stack>
  );
}
