import { useEffect, useState } from 'react';
import { format } from '@shared/format-message';
import { formatDateTimeNumeric } from '@shared/domain/plain-format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2d 3h", "5h 12m", "12m", "less than a minute": the time left until a deadline. */
export function formatRemaining(ms: number): string {
  if (ms < MINUTE) return 'less than a minute';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

/** The current time, re-read every `intervalMs` so countdowns move. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface CountdownProps {
  /** ISO time of the deadline. */
  deadline: string;
  /** A text with `{time}`, e.g. "Payment hold expires in {time}". */
  template: string;
  /** Shown once the deadline passed. */
  expiredText: string;
  /** The server's clock offset (server now - browser now), so a moved server clock counts right. */
  offsetMs?: number;
  className?: string;
}

/** A live countdown to a deadline, with the exact time in a <time> element for assistive tech. */
export function Countdown({ deadline, template, expiredText, offsetMs = 0, className }: CountdownProps) {
  const now = useNow();
  const left = new Date(deadline).getTime() - (now + offsetMs);
  return (
    <time
      dateTime={deadline}
      title={formatDateTimeNumeric(new Date(deadline))}
      className={className}
      data-testid="countdown"
    >
      {left > 0 ? format(template as '{time}', { time: formatRemaining(left) }) : expiredText}
    </time>
  );
}
