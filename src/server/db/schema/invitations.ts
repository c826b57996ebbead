import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVITATION_STATUSES } from '../../../shared/domain/invitations';
import { profiles } from './profiles';
import { tasks } from './tasks';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Issue 23: a client's invitation of an expert to apply to one of their open tasks
 * (docs/decisions/0330). Applying goes through the normal application; "applied" is read from
 * task_applications, so only the expert's decline is written here.
 */
export const taskInvitations = pgTable(
  'task_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    expert_id: uuid('expert_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    responded_at: timestamptz('responded_at'),
  },
  (t) => [
    // One invitation per task and expert (parallel invites write once); also the per-task count.
    uniqueIndex('task_invitations_task_expert_unique').on(t.task_id, t.expert_id),
    // The client's invitations of the last 24 hours (the daily limit).
    index('task_invitations_client_created_idx').on(t.client_id, t.created_at),
    // The expert's invitations (account deletion, future inbox).
    index('task_invitations_expert_created_idx').on(t.expert_id, t.created_at),
  ],
);
