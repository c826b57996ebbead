import { describe, expect, it } from 'vitest';
import { changeRoundsLeft, finalSet, isCurrentVersion, nextDeliveryRound } from './evidence-changes';

describe('changes requested (issue 50)', () => {
  it('allows two rounds, then none', () => {
    expect([0, 1, 2, 3].map(changeRoundsLeft)).toEqual([2, 1, 0, 0]);
  });

  it('keeps each item from the last round that delivered it', () => {
    const files = [
      { id: 'a0', item_id: 'a', round: 0 },
      { id: 'b0', item_id: 'b', round: 0 },
      { id: 'a1', item_id: 'a', round: 1 },
      { id: 'a2', item_id: 'a', round: 2 },
    ];
    expect(finalSet(files).map((file) => file.id)).toEqual(['b0', 'a2']);
    expect(isCurrentVersion(files[2]!, files)).toBe(false);
  });

  it('replaces the whole set on a task without a checklist', () => {
    const files = [
      { id: 'x0', item_id: null, round: 0 },
      { id: 'y0', item_id: null, round: 0 },
      { id: 'x1', item_id: null, round: 1 },
    ];
    expect(finalSet(files).map((file) => file.id)).toEqual(['x1']);
  });

  it("keeps a dispute resubmission's whole set and makes every earlier file an earlier version", () => {
    const files = [
      { id: 'a0', item_id: 'a', round: 0 },
      { id: 'b0', item_id: 'b', round: 0 },
      { id: 'opt0', item_id: 'optional', round: 0 },
      { id: 'a1', item_id: 'a', round: 1 },
      { id: 'a2', item_id: 'a', round: 2, replaces_earlier: true },
      { id: 'b2', item_id: 'b', round: 2, replaces_earlier: true },
    ];
    // The optional item the resubmission left out is not in the final set any more.
    expect(finalSet(files).map((file) => file.id)).toEqual(['a2', 'b2']);
    // A later re-delivery of one item replaces only that item of the resubmission.
    const later = [...files, { id: 'b3', item_id: 'b', round: 3 }];
    expect(finalSet(later).map((file) => file.id)).toEqual(['a2', 'b3']);
  });

  it('numbers each delivery after the latest', () => {
    expect(nextDeliveryRound([])).toBe(0);
    expect(nextDeliveryRound([{ round: 0 }, { round: 2 }, { round: 1 }])).toBe(3);
  });
});
