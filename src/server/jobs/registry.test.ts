import { describe, expect, it, vi } from 'vitest';
import type { JobRow } from './jobs.repository';
import { combineJobModules } from './registry';

const jobOf = (kind: string) => ({ kind, key: `${kind}:1` }) as JobRow;

describe('the job registry', () => {
  it("runs the modules' schedules in the order of the list", async () => {
    const order: string[] = [];
    const combined = combineJobModules([
      { name: 'a', schedule: async () => void order.push('a') },
      { name: 'b' },
      { name: 'c', schedule: async () => void order.push('c') },
    ]);
    await combined.schedule?.(new Date());
    expect(order).toEqual(['a', 'c']);
  });

  it('refuses a kind registered by two modules', () => {
    const handler = async () => undefined;
    expect(() => combineJobModules([{ name: 'a', handlers: { x: handler } }, { name: 'b', handlers: { x: handler } }])).toThrow(
      'Job kind x is registered by both a and b',
    );
  });

  it("merges the kinds' limits and tells only the owning module of a job that gave up", async () => {
    const gaveUp = vi.fn(async () => undefined);
    const combined = combineJobModules([
      { name: 'a', handlers: { x: async () => undefined }, kindLimits: { x: 1 }, onExhausted: gaveUp },
      { name: 'b', handlers: { y: async () => undefined }, kindTimeoutsMs: { y: 5 } },
    ]);
    expect(combined.kindLimits).toEqual({ x: 1 });
    expect(combined.kindTimeoutsMs).toEqual({ y: 5 });
    await combined.onExhausted?.(jobOf('y'), 'boom');
    expect(gaveUp).not.toHaveBeenCalled();
    await combined.onExhausted?.(jobOf('x'), 'boom');
    expect(gaveUp).toHaveBeenCalledWith(jobOf('x'), 'boom');
  });
});
