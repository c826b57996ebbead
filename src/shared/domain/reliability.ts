/**
 * The reliability record (issue 50, docs/decisions/0457): what the product remembers of who let whom
 * down after a hire, the expert's public "Completed as agreed" share, and the pause of new
 * applications after repeated cancellations. Pure rules; the server stores the events.
 */
export const RELIABILITY = {
  /** The share is over the expert's last 50 outcomes: recent enough to change, long enough to mean something. */
  window: 50,
  /** Shown only from 5 outcomes on: 1 of 2 is not a record. */
  minOutcomes: 5,
  /** Three expert cancellations within 30 days pause new applications for 7 days. */
  pauseAfterCancels: 3,
  pauseLookbackMs: 30 * 24 * 3_600_000,
  pauseMs: 7 * 24 * 3_600_000,
} as const;

/**
 * What is counted, and against whom:
 * - expert_cancel: the hired expert declined, abandoned or cancelled (the expert);
 * - late_cancel: the client cancelled inside the free period's end (the client; admins see it);
 * - no_show_refused: the expert's "No access" report was refused (the expert);
 * - overdue_cancel: the client cancelled a task the expert let run overdue (the expert).
 */
export const RELIABILITY_EVENT_KINDS = ['expert_cancel', 'late_cancel', 'no_show_refused', 'overdue_cancel'] as const;
export type ReliabilityEventKind = (typeof RELIABILITY_EVENT_KINDS)[number];

/** The kinds that count against the expert's "Completed as agreed" share. */
export const EXPERT_FAILURE_KINDS: readonly ReliabilityEventKind[] = ['expert_cancel', 'no_show_refused', 'overdue_cancel'];

/** One outcome of a hire, newest first: a task completed, or an event that counts against the expert. */
export type ExpertOutcome = 'completed' | ReliabilityEventKind;

export interface CompletedAsAgreed {
  /** Whole percent, rounded down so that 49 of 50 never reads 100%. */
  percent: number;
  /** How many outcomes it is over (at most 50). */
  of: number;
}

/** The share of the last 50 outcomes that were tasks completed; null below 5 outcomes. */
export function completedAsAgreed(outcomesNewestFirst: readonly ExpertOutcome[]): CompletedAsAgreed | null {
  const counted = outcomesNewestFirst.filter((o) => o === 'completed' || EXPERT_FAILURE_KINDS.includes(o)).slice(0, RELIABILITY.window);
  if (counted.length < RELIABILITY.minOutcomes) return null;
  const completed = counted.filter((o) => o === 'completed').length;
  return { percent: Math.floor((completed * 100) / counted.length), of: counted.length };
}

/** Whether the expert cancellations (their times) pause new applications now: three inside 30 days. */
export function pauseDue(cancelTimes: readonly Date[], now: Date): boolean {
  const since = now.getTime() - RELIABILITY.pauseLookbackMs;
  return cancelTimes.filter((at) => at.getTime() > since && at.getTime() <= now.getTime()).length >= RELIABILITY.pauseAfterCancels;
}

/** The end of a pause as the refusal and the notification state it: "Dec 13, 2026, 4:05 PM UTC". */
export function pauseEndText(until: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  })
    .format(until)
    .replace(/\s/g, ' ');
}
