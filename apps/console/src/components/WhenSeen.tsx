import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a `lazy()` part of a page) once the placeholder comes into the window, so a page's
 * first view loads only what it draws (a margin would load it while the page's first data were still arriving and its
 * cards short); `fallback` stands in until then and while the part loads.
 * `testId` is on the wrapper in both states, for a test to scroll to it.
 */
export function WhenSeen({ children, fallback, testId }: { children: ReactNode; fallback: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true));
    io.observe(ref.current);
    return () => io.disconnect();
  }, [near]);
  return (
    <div ref={ref} data-testid={testId}>
      {near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}
    </div>
  );
}
