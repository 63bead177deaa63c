import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the window a placeholder may be when its content starts loading (about a card's height). */
const MARGIN_PX = 300;

/**
 * Renders `children` (typically a `lazy()` part of a page) once the placeholder comes within a card's height of the
 * window, so a page's first view loads only what it draws; `fallback` stands in until then and while the part loads.
 * `testId` is on the wrapper in both states, for a test to scroll to it.
 */
export function WhenNear({ children, fallback, testId }: { children: ReactNode; fallback: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `0px 0px ${MARGIN_PX}px 0px`,
    });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [near]);
  return (
    <div ref={ref} data-testid={testId}>
      {near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}
    </div>
  );
}
