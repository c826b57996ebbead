import type { TaskDetailsDto } from '@shared/schemas/task-api';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../providers/storage';
import type { TaskPayments } from '../payments/task-payments';
import { createProximityChecker, type ProximityChecker } from '../geo/proximity.service';
import type { TaskRow } from './tasks.repository';

/** What the tasks services need; payments and the proximity check are injectable for tests. */
export interface TasksServiceDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  payments: TaskPayments;
  proximity: ProximityChecker;
  /** For links printed in documents (the inspection report's verify address). */
  publicUrl?: string;
  /** False only in the bench's reference run: no task-alert job is enqueued with a new task. */
  taskAlerts?: boolean;
}

/**
 * What the task's own reads show of its reviews (issue 23). The reviews module implements it
 * (modules/reviews/task-review-reads.ts): reviews import tasks, never the reverse.
 */
export interface TaskReviewReads {
  /** One client's revealed rating, as one statement. */
  clientRatingOf(db: Db, clientId: string, now: Date): Promise<NonNullable<TaskDetailsDto['client_rating']>>;
  /** Double-blind: whether the client's review is still hidden from the task's expert. */
  clientReviewHiddenFromExpert(db: Db, task: TaskRow, now: Date): Promise<boolean>;
}

/**
 * What the tasks module needs from the modules above it, handed in by whoever mounts it (app.ts), so
 * that tasks import none of them: the call-off of an agreed visit (appointments). The task's details
 * take the reviews' reads and the rounds of changes (modules/task-details).
 */
export interface TaskHooks {
  /** Inside the cancel's transaction: the agreed visit is called off (METHOD:CANCEL to everyone who had it). */
  callOffVisit(tx: Db, params: { taskId: string; expertId: string | null; party: 'client' | 'expert'; now: Date }): Promise<void>;
  /** The agreed visit's start, or null while none is agreed (the cancellation policy's clock, issue 50). */
  agreedStartOf(db: Db, taskId: string): Promise<Date | null>;
}

/**
 * AppDeps plus optional replacements. Tests pass this to createApp (it hands deps to tasksRoutes)
 * to simulate payment-provider failures without touching the rest of the app.
 */
export interface TasksModuleDeps extends AppDeps {
  proximityChecker?: ProximityChecker;
}

export function tasksServiceDeps(deps: TasksModuleDeps): TasksServiceDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    storage: deps.providers.storage,
    payments: deps.taskPayments,
    publicUrl: deps.publicUrl,
    proximity: deps.proximityChecker ?? createProximityChecker({ db: deps.db, geocoder: deps.providers.geocoder }),
  };
}
