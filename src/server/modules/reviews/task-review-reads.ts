import type { TaskReviewReads } from '../tasks/tasks.deps';
import { clientReviewHiddenFromExpert } from './blind-reviews';
import { clientRatingOf } from './client-rating.repository';

/** What the task's own reads show of its reviews (tasks.deps.ts): app.ts hands it to the tasks module. */
export const taskReviewReads: TaskReviewReads = {
  clientRatingOf,
  clientReviewHiddenFromExpert,
};
