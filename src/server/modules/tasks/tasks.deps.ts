import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../providers/storage';
import { createTaskPayments, type TaskPayments } from '../payments/task-payments';
import { createProximityChecker, type ProximityChecker } from './proximity.service';

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
 * AppDeps plus optional replacements. Tests pass this to createApp (it hands deps to tasksRoutes)
 * to simulate payment-provider failures without touching the rest of the app.
 */
export interface TasksModuleDeps extends AppDeps {
  taskPayments?: TaskPayments;
  proximityChecker?: ProximityChecker;
}

export function tasksServiceDeps(deps: TasksModuleDeps): TasksServiceDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    storage: deps.providers.storage,
    payments: deps.taskPayments ?? createTaskPayments(deps),
    publicUrl: deps.publicUrl,
    proximity: deps.proximityChecker ?? createProximityChecker({ db: deps.db, geocoder: deps.providers.geocoder }),
  };
}
