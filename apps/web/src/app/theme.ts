import { createTheme, Notification } from '@mantine/core';

// A darker primary shade than Mantine's default keeps white-on-primary text above 4.5:1 (WCAG AA).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
  components: {
    Notification: Notification.extend({
      // Mantine's close button has no name and its titled description is gray.6 (3.3:1).
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    }),
  },
});
