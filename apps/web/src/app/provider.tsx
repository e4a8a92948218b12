import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './prerendered-session.css';
import './long-words.css';
// The dates and dropzone styles load with the lazy screens that use them (decision 091).
import { MantineProvider, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppNotifications } from './app-notifications';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './color-scheme';
import { theme } from './theme';

/** Colors the app names with an explicit shade (`c="red.9"`, `color="blue.9"`). */
const SHADED_COLORS = [
  'red',
  'blue',
  'teal',
  'grape',
  'violet',
  'green',
  'orange',
  'cyan',
  'indigo',
  'pink',
  'gray',
] as const;

/**
 * The dark scheme's variables. Text, outlines and subtle buttons given a dark shade (red.9 on
 * white) read that shade's variable: on the dark body it becomes a light tint of the same hue,
 * so the same markup passes WCAG AA in both schemes. Filled surfaces keep the literal dark shade
 * (variantColorResolver in theme.ts) and the `-filled` variables are pinned to literal shades for
 * the same reason (decision 085).
 */
function darkVariables(t: MantineTheme): Record<string, string> {
  const vars: Record<string, string> = {
    // Mantine's dark "dimmed" (dark.2) is 4:1 on the dark body; dark.1 is 7.7:1.
    '--mantine-color-dimmed': t.colors.dark[1] ?? '#b8b8b8',
    // The pinned-notice tint: a light yellow under light text would be unreadable.
    '--mantine-color-yellow-0': '#3a3316',
  };
  for (const name of SHADED_COLORS) {
    const c = t.colors[name];
    if (!c) continue;
    vars[`--mantine-color-${name}-filled`] = c[8];
    vars[`--mantine-color-${name}-filled-hover`] = c[9];
    vars[`--mantine-color-${name}-6`] = c[4];
    for (const shade of [7, 8, 9]) vars[`--mantine-color-${name}-${shade}`] = c[3];
  }
  return vars;
}

const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    // Mantine's default "dimmed" (gray.6) is 3.3:1 on white; gray.7 passes WCAG AA.
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    // The public pages' backdrop behind their white cards.
    '--teamup-color-page': t.colors.gray[0] ?? '#f8f9fa',
  },
  dark: { ...darkVariables(t), '--teamup-color-page': t.colors.dark[8] ?? '#1f1f1f' },
});

type AppProviderProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals so tests see final states at once. */
  env?: 'default' | 'test';
};

/**
 * Providers every page needs. The Google provider is not here: the client id arrives at runtime
 * from GET /auth/config and only the login page uses it (decision 030).
 */
export function AppProvider({ queryClient, children, env = 'default' }: AppProviderProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      <AppNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
