/** Mantine's light alerts colour the title with the 6th shade (under 3:1); darker for AA. */
export const ALERT_TITLE = {
  red: { title: { color: 'var(--mantine-color-red-9)' } },
  warning: { title: { color: 'var(--mantine-color-dark-9)' } },
} as const;

/**
 * Props of a Table.ScrollContainer a keyboard user can scroll: a native overflow box that takes
 * focus (the default ScrollArea's viewport cannot be given a tabIndex). It is positioned, so
 * that absolutely placed content (VisuallyHidden text in a far-right header) scrolls inside it
 * instead of widening the page on a phone.
 */
export const SCROLLABLE = (label: string) =>
  ({
    type: 'native',
    tabIndex: 0,
    role: 'region',
    'aria-label': label,
    pos: 'relative',
  }) as const;
