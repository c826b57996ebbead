import { describe, expect, it } from 'vitest';
import { moneyViewerOf } from './money-viewer';

const user = (id: string, isAdmin = false) => ({ user: { id }, roles: { isAdmin } });
const task = { client_id: 'client-1', expert_id: 'expert-1' };

describe('moneyViewerOf', () => {
  it("shows the money panel to the task's client, its assigned expert and admins, as each", () => {
    expect(moneyViewerOf(user('client-1'), task)).toBe('client');
    expect(moneyViewerOf(user('expert-1'), task)).toBe('expert');
    expect(moneyViewerOf(user('admin-1', true), task)).toBe('admin');
  });

  it('shows it to nobody else: another user, a visitor, or anyone while the task has no expert', () => {
    expect(moneyViewerOf(user('someone'), task)).toBeNull();
    expect(moneyViewerOf(null, task)).toBeNull();
    expect(moneyViewerOf(undefined, { client_id: 'client-1', expert_id: null })).toBeNull();
    expect(moneyViewerOf(user('expert-1'), { client_id: 'client-1', expert_id: null })).toBeNull();
  });
});
