import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The box of a chart drawing, which mounts the drawing only once the box scrolls into view. On a
 * phone the admin overview's charts sit below the fold: drawing them at once cost most of /admin's
 * main-thread time (recharts measures and renders each chart twice) and fetched the chart library
 * (about 120 KB gzip) for charts nobody had scrolled to (decision 0393). The box keeps its size, so
 * nothing moves when the drawing arrives; the figures are in the table under "Show data" anyway.
 */
export function DrawWhenVisible({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !box.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <div ref={box} aria-hidden="true" inert className="h-64 w-full" data-testid="chart-drawing">
      {visible ? children : null}
    </div>
  );
}
