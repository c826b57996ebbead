import { describe, expect, it } from 'vitest';
import { TASK_ROLES, can, capabilitiesOf, check, taskRole, type TaskAccessFacts } from './permissions';
import { ACTORS, BASE, CLIENT, EXPERT, NOW } from './permissions.fixtures';
import type { TaskStatus } from './task-status';

describe('taskRole', () => {
  const task = { client_id: CLIENT, expert_id: EXPERT };
  it.each(TASK_ROLES)('resolves %s', (role) => {
    expect(taskRole(ACTORS[role], task)).toBe(role);
  });

  it('puts admin before ownership and assignment', () => {
    expect(taskRole({ userId: CLIENT, isAdmin: true, isExpert: false }, task)).toBe('admin');
    expect(taskRole({ userId: EXPERT, isAdmin: true, isExpert: true }, task)).toBe('admin');
  });

  it('treats an expert who owns the task as its owner', () => {
    expect(taskRole({ userId: CLIENT, isAdmin: false, isExpert: true }, task)).toBe('owner');
  });

  it('needs a matching expert id to be the assigned expert', () => {
    expect(taskRole(ACTORS.assigned_expert, { client_id: CLIENT, expert_id: null })).toBe('other_expert');
  });
});

describe('refusal texts', () => {
  const at = (status: TaskStatus, facts: Partial<TaskAccessFacts> = {}): TaskAccessFacts => ({
    ...BASE,
    ...facts,
    status,
  });

  it('uses the spec texts for the wrong actor', () => {
    expect(check(ACTORS.other_expert, 'accept', at('assigned'), NOW)).toEqual({
      ok: false,
      reason: 'forbidden',
      message: 'Only the assigned expert can accept this assignment',
    });
    expect(check(ACTORS.owner, 'decline', at('assigned'), NOW)).toMatchObject({
      message: 'Only the assigned expert can decline this assignment',
    });
    expect(check(ACTORS.admin, 'abandon', at('in_progress'), NOW)).toMatchObject({
      message: 'Only the assigned expert can abandon this task',
    });
    expect(check(ACTORS.assigned_expert, 'cancel', at('open'), NOW)).toMatchObject({
      message: 'Only the client can cancel this task',
    });
    expect(check(ACTORS.other_client, 'edit', at('open'), NOW)).toMatchObject({
      message: 'You can only edit your own tasks',
    });
    expect(check(ACTORS.other_expert, 'view_chat', at('assigned'), NOW)).toMatchObject({
      message: 'You must be accepted for this task to view or send messages.',
    });
    expect(check(ACTORS.other_client, 'view_chat', at('assigned'), NOW)).toMatchObject({
      message: 'Messages are only available to the client and the accepted expert.',
    });
    expect(check(ACTORS.admin, 'send_message', at('assigned'), NOW)).toMatchObject({
      message: 'Messages are only available to the client and the accepted expert.',
    });
  });

  it('uses the spec texts for the wrong state', () => {
    expect(check(ACTORS.owner, 'edit', at('assigned'), NOW)).toEqual({
      ok: false,
      reason: 'wrong_status',
      message: 'This task cannot be edited in its current state',
    });
    expect(
      check(ACTORS.assigned_expert, 'accept', at('assigned', { payment_status: 'unpaid' }), NOW),
    ).toEqual({
      ok: false,
      reason: 'guard',
      message: 'Cannot start work until payment is authorized by the client',
    });
    expect(check(ACTORS.assigned_expert, 'accept', at('in_progress'), NOW)).toMatchObject({
      reason: 'wrong_status',
      message: 'Task status has changed. Please refresh the page.',
    });
    expect(check(ACTORS.owner, 'assign', at('assigned'), NOW)).toMatchObject({
      message: 'Task is no longer available for assignment',
    });
    expect(check(ACTORS.owner, 'capture_payment', at('in_progress'), NOW)).toMatchObject({
      message: 'Cannot capture payment at this time',
    });
    expect(check(ACTORS.owner, 'send_message', at('verified'), NOW)).toMatchObject({
      message: 'This conversation is read-only because the task is closed.',
    });
  });

  it('reports what was already done as a conflict', () => {
    expect(check(ACTORS.other_expert, 'apply', at('open', { hasApplied: true }), NOW)).toEqual({
      ok: false,
      reason: 'conflict',
      message: 'You have already applied for this task',
    });
    expect(check(ACTORS.owner, 'write_review', at('verified', { hasReview: true }), NOW)).toMatchObject({
      reason: 'conflict',
      message: 'You have already reviewed this task',
    });
  });

  it('tells owners and clients why they cannot apply', () => {
    expect(check({ userId: CLIENT, isAdmin: false, isExpert: true }, 'apply', at('open'), NOW)).toMatchObject(
      {
        message: 'You cannot apply for your own task',
      },
    );
    expect(check(ACTORS.other_client, 'apply', at('open'), NOW)).toMatchObject({
      message: 'Only experts can apply for tasks',
    });
  });
});

describe('capabilitiesOf', () => {
  it('lists what the assigned expert can do on an authorized assigned task', () => {
    expect(capabilitiesOf(ACTORS.assigned_expert, { ...BASE, status: 'assigned' }, NOW)).toEqual([
      'view',
      'accept',
      'decline',
      'view_chat',
      'send_message',
      'report_no_access',
      'expert_cancel',
    ]);
  });

  it('defaults missing counts and flags to none', () => {
    const bare: TaskAccessFacts = {
      status: 'open',
      payment_status: 'unpaid',
      client_id: CLIENT,
      expert_id: null,
    };
    expect(can(ACTORS.owner, 'assign', bare, NOW)).toBe(false);
    expect(can(ACTORS.other_expert, 'apply', bare, NOW)).toBe(true);
  });

  it('uses the current time when none is given', () => {
    const expired = {
      ...BASE,
      status: 'assigned' as const,
      authorization_hold_expires_at: '2000-01-01T00:00:00Z',
    };
    expect(can(ACTORS.assigned_expert, 'accept', expired)).toBe(false);
    expect(can(ACTORS.assigned_expert, 'report_client', expired)).toBe(true);
  });
});
