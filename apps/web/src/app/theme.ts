import {
  createTheme,
  defaultVariantColorsResolver,
  Notification,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** Variants whose text is the color itself on a transparent or faint background. */
const TEXT_VARIANTS = new Set(['light', 'subtle', 'transparent']);

/**
 * Filled surfaces of an explicit dark shade (`color="red.9"`) keep that literal shade in both
 * schemes, so white text on them stays above 4.5:1; the shade's CSS variable is free to become a
 * light tint in the dark scheme (see DARK_TEXT_SHADES in provider.tsx), which is what text,
 * outline and subtle variants read (decision 085).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined) return resolved;
  if (TEXT_VARIANTS.has(input.variant)) {
    // Mantine caps these at shade 6 (red.6 on white is 3.3:1): keep the shade that was asked for.
    return { ...resolved, color: `var(--mantine-color-${parsed.color}-${parsed.shade})` };
  }
  if (input.variant !== 'filled') return resolved;
  const shades = input.theme.colors[parsed.color];
  const background = shades?.[parsed.shade];
  const hover = shades?.[parsed.shade === 9 ? 8 : parsed.shade + 1];
  if (!background || !hover) return resolved;
  return { ...resolved, background, hover };
};

// A darker primary shade than Mantine's default keeps white-on-primary text above 4.5:1 (WCAG AA),
// in both schemes (Mantine's dark default, shade 5, is 3:1 under white text).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
  variantColorResolver,
  components: {
    // A div, not Mantine's default <header>: a modal's header as a second banner landmark fails
    // axe. Modals built from parts say so themselves; this covers the ones Mantine builds (the
    // date picker's modal).
    ModalHeader: { defaultProps: { component: 'div' } },
    // Mantine keeps a closed list's dropdown mounted (hidden): each Select, Autocomplete and
    // MultiSelect then has floating-ui place an invisible dropdown while the page first commits,
    // which reads computed styles and forces the whole new page's style recalculation inside
    // React's commit (a profile of /admin/dashboard: 19% of its longest task, decision 131).
    // Mounted when opened, the options render as the list opens; the target's aria-controls
    // names the list only while it is open, so nothing points at a missing element.
    // (By name, not Combobox.extend: importing Combobox here would put it in the entry.)
    Combobox: { defaultProps: { keepMounted: false } },
    Notification: Notification.extend({
      // Mantine's close button has no name and its titled description is gray.6 (3.3:1).
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    }),
  },
});
