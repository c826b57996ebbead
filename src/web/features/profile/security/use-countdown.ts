import { useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Whole seconds left until `until` (epoch ms), rounded up, re-rendering while it counts; 0 once
 * reached or when there is nothing to count (`null`).
 */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [until]);

  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
