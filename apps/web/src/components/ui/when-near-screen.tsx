import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once its box nears the screen (within `margin` of the viewport), and until
 * then a box of `height` (so nothing moves when it comes). For heavy parts below the fold, such
 * as a chart and its library (decision 131): a phone that never scrolls there never loads or runs
 * them. Without IntersectionObserver it renders at once.
 */
export function WhenNearScreen({
  height,
  margin = '400px',
  children,
}: {
  height: number;
  margin?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return (
    <div ref={box} style={{ minHeight: height }}>
      {near ? children : null}
    </div>
  );
}
