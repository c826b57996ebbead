import { describe, expect, it } from 'vitest';
import { appointmentState, isLateReschedule, windowProblem } from './appointments';

const at = (iso: string) => new Date(iso);

describe('the visit rules', () => {
  it('a reschedule is late inside 24 hours of the agreed start', () => {
    const start = at('2026-12-09T22:00:00Z');
    expect(isLateReschedule(start, at('2026-12-08T21:59:59Z'))).toBe(false);
    expect(isLateReschedule(start, at('2026-12-08T22:00:01Z'))).toBe(true);
    expect(isLateReschedule(null, at('2026-12-09T21:00:00Z'))).toBe(false);
  });

  it('names the sub-state from what is agreed and what is pending', () => {
    expect(appointmentState({ agreed: false, pending: false })).toBe('none');
    expect(appointmentState({ agreed: false, pending: true })).toBe('proposed');
    expect(appointmentState({ agreed: true, pending: false })).toBe('agreed');
    expect(appointmentState({ agreed: true, pending: true })).toBe('reschedule_pending');
  });

  it('a window is in the future and 15 minutes to 12 hours long', () => {
    const now = at('2026-12-01T12:00:00Z');
    expect(
      windowProblem({ start: at('2026-12-02T10:00:00Z'), end: at('2026-12-02T11:00:00Z') }, now),
    ).toBeNull();
    expect(windowProblem({ start: at('2026-11-30T10:00:00Z'), end: at('2026-11-30T11:00:00Z') }, now)).toBe(
      'past',
    );
    expect(windowProblem({ start: at('2026-12-02T10:00:00Z'), end: at('2026-12-02T10:10:00Z') }, now)).toBe(
      'length',
    );
    expect(windowProblem({ start: at('2026-12-02T10:00:00Z'), end: at('2026-12-02T09:00:00Z') }, now)).toBe(
      'order',
    );
  });
});
