import type { Actor, TaskAccessFacts, TaskRole } from './permissions';
import { LATER } from './task-state.fixtures';

export { EARLIER, LATER, NOW } from './task-state.fixtures';

/** The people and the task the permissions tests share: one of each role around one authorized task. */

export const CLIENT = 'client-1';
export const EXPERT = 'expert-1';

export const ACTORS: Record<TaskRole, Actor> = {
  admin: { userId: 'admin-1', isAdmin: true, isExpert: false },
  owner: { userId: CLIENT, isAdmin: false, isExpert: false },
  assigned_expert: { userId: EXPERT, isAdmin: false, isExpert: true },
  other_expert: { userId: 'expert-2', isAdmin: false, isExpert: true },
  other_client: { userId: 'client-2', isAdmin: false, isExpert: false },
};

export const BASE: Omit<TaskAccessFacts, 'status'> = {
  payment_status: 'authorized',
  authorization_hold_expires_at: LATER,
  client_id: CLIENT,
  expert_id: EXPERT,
  applicationCount: 2,
  hasApplied: false,
  hasReview: false,
};
