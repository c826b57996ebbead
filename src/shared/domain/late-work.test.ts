import { describe, expect, it } from 'vitest';
import { LATE_WORK } from '../constants';
import { isOverdue, isOverdueCancellable, latestExtensionDue, overdueCancelOpensAt } from './late-work';
import { TASK_STATUSES } from './task-state';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DUE = new Date('2026-03-10T17:00:00Z');
const at = (ms: number) => new Date(DUE.getTime() + ms);

describe('late work (issue 50)', () => {
  it('is overdue only past the due moment, while work is owed and nothing delivered', () => {
    for (const status of TASK_STATUSES) {
      expect(isOverdue({ status, due_date: DUE }, at(MINUTE))).toBe(status === 'assigned' || status === 'in_progress');
    }
    expect(isOverdue({ status: 'in_progress', due_date: DUE }, DUE)).toBe(false);
    expect(isOverdue({ status: 'in_progress', due_date: null }, at(HOUR))).toBe(false);
  });

  it('opens the free cancel 24 hours after the due moment: refused a minute before, allowed a minute after', () => {
    const task = { status: 'in_progress' as const, due_date: DUE.toISOString() };
    expect(LATE_WORK.freeCancelAfterHours).toBe(24);
    expect(overdueCancelOpensAt(task)).toEqual(at(24 * HOUR));
    expect(isOverdueCancellable(task, at(24 * HOUR - MINUTE))).toBe(false);
    expect(isOverdueCancellable(task, at(24 * HOUR + MINUTE))).toBe(true);
    expect(isOverdueCancellable({ ...task, status: 'pending_approval' }, at(48 * HOUR))).toBe(false);
    expect(isOverdueCancellable({ ...task, due_date: null }, at(48 * HOUR))).toBe(false);
  });

  it('bounds an extension to LATE_WORK.extensionMaxDays after the later of now and the due moment', () => {
    expect(latestExtensionDue({ due_date: DUE }, at(HOUR))).toEqual(at(HOUR + LATE_WORK.extensionMaxDays * 24 * HOUR));
  });
});
