import { describe, expect, it } from 'vitest';
import { completedAsAgreed, pauseDue, type ExpertOutcome } from './reliability';

const DAY = 24 * 3_600_000;
const NOW = new Date('2026-12-06T12:00:00Z');
const daysAgo = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * DAY - extraMs);

describe('the reliability record', () => {
  it('shows the completed share only from five outcomes on', () => {
    expect(completedAsAgreed(['completed', 'completed', 'completed', 'completed'])).toBeNull();
    expect(completedAsAgreed(['completed', 'completed', 'completed', 'completed', 'expert_cancel'])).toEqual({ percent: 80, of: 5 });
  });

  it('counts the last 50 outcomes only, rounds down, and never counts a late cancel by the client', () => {
    const outcomes: ExpertOutcome[] = ['overdue_cancel', ...Array<ExpertOutcome>(48).fill('completed'), 'no_show_refused', 'expert_cancel'];
    expect(completedAsAgreed(outcomes)).toEqual({ percent: 96, of: 50 });
    expect(completedAsAgreed(['late_cancel', 'late_cancel', 'completed', 'completed', 'completed', 'completed', 'completed'])).toEqual({
      percent: 100,
      of: 5,
    });
  });

  it('pauses on the third expert cancel within 30 days, not when the first is 31 days old', () => {
    expect(pauseDue([daysAgo(29), daysAgo(10), daysAgo(0)], NOW)).toBe(true);
    expect(pauseDue([daysAgo(31), daysAgo(10), daysAgo(0)], NOW)).toBe(false);
    expect(pauseDue([daysAgo(10), daysAgo(0)], NOW)).toBe(false);
    // The edge: exactly 30 days ago is outside, a minute less is inside.
    expect(pauseDue([daysAgo(30), daysAgo(1), daysAgo(0)], NOW)).toBe(false);
    expect(pauseDue([daysAgo(30, -60_000), daysAgo(1), daysAgo(0)], NOW)).toBe(true);
  });
});
