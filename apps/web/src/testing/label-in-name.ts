/**
 * WCAG 2.5.3 (label in name): every link or button whose aria-label replaces its text must still
 * contain the words it shows, so a person who says what they see ("click Answer the survey")
 * reaches it. Returns the controls that break it, as "shown → name".
 */
export function labelInNameViolations(container: ParentNode = document): string[] {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const controls = container.querySelectorAll<HTMLElement>(
    'a[aria-label], button[aria-label], [role="button"][aria-label], [role="link"][aria-label]',
  );
  return Array.from(controls)
    .map((el) => ({
      shown: norm(el.textContent ?? ''),
      name: norm(el.getAttribute('aria-label')!),
    }))
    .filter(({ shown, name }) => shown !== '' && !name.includes(shown))
    .map(({ shown, name }) => `${shown} → ${name}`);
}
