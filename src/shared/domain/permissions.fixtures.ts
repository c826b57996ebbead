import type { Actor, TaskAccessFacts, TaskRole } from './permissions';

/** The people and the task the permissions tests share: one of each role around one authorized task. */

export const CLIENT = 'client-1';
export const EXPERT = 'expert-1';
export const NOW = new Date('2025-06-01T12:00:00Z');
export const LATER = '2025-06-05T12:00:00Z';
export const EARLIER = '2025-05-30T12:00:00Z';

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
