import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of each layout's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first Tab stop of every layout, hidden until focused. It moves focus to
 * the main region itself rather than following the hash, which the router would treat as a
 * navigation (decision 085).
 */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={onClick}>
      Skip to content
    </a>
  );
}
