import type { TaskCapability } from '@shared/domain/permissions';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import type { TaskDetailsRead } from './task-details-read';

/**
 * What one caller sees of a task-details read: which of its applications and reviews, whether its
 * transactions, and the few figures worked out per request. The read itself is shared (cached per
 * task and caller); the view is made for each request by tasks.service.ts' detailsView.
 */
export interface TaskDetailsView {
  read: TaskDetailsRead;
  /** Indexes into the read's applications that this caller sees; undefined when they see them all. */
  applicationIndexes: number[] | undefined;
  reviewIndexes: number[];
  seesTransactions: boolean;
  clientRating: TaskDetailsDto['client_rating'];
  budgetFigure: number;
  capabilities: TaskCapability[];
}

/** The answer as an object, for callers inside the server (the task's page document, webhooks). */
export function detailsObject(view: TaskDetailsView): TaskDetailsDto {
  const { read } = view;
  const { dto } = read;
  return {
    ...dto.task,
    client: dto.client,
    client_tasks_posted: Number(read.client_tasks_posted),
    client_rating: view.clientRating,
    expert: dto.expert,
    applications: view.applicationIndexes ? view.applicationIndexes.map((index) => dto.applications[index]) : dto.applications,
    reviews: view.reviewIndexes.map((index) => dto.reviews[index]),
    transactions: view.seesTransactions ? dto.transactions : [],
    budget_figure: view.budgetFigure,
    capabilities: view.capabilities,
  };
}

/**
 * The same answer as JSON text, equal to JSON.stringify(detailsObject(view)) once parsed
 * (task-details-view.test.ts), joined from pieces serialised once per read. Serialising the whole
 * answer (about 3 KB) again for every request cost about 20 µs of a request's 110 µs of CPU in the
 * API bench, more than the rest of the route's own work (issue 55, docs/performance.md).
 */
export function detailsJson(view: TaskDetailsView): string {
  const { read } = view;
  const pieces = piecesOf(read);
  const applications = view.applicationIndexes ? listOf(view.applicationIndexes, pieces.applications) : pieces.allApplications;
  return (
    `{${pieces.taskFields}` +
    `"client":${pieces.client},` +
    `"client_tasks_posted":${JSON.stringify(Number(read.client_tasks_posted))},` +
    // JSON.stringify leaves out a key whose value is undefined: so does this.
    (view.clientRating === undefined ? '' : `"client_rating":${JSON.stringify(view.clientRating)},`) +
    `"expert":${pieces.expert},` +
    `"applications":${applications},` +
    `"reviews":${listOf(view.reviewIndexes, pieces.reviews)},` +
    `"transactions":${view.seesTransactions ? pieces.transactions : '[]'},` +
    `"budget_figure":${JSON.stringify(view.budgetFigure)},` +
    `"capabilities":${JSON.stringify(view.capabilities)}}`
  );
}

/** A read's parts as JSON text; the task's fields end with a comma, ready for the keys after them. */
interface DetailsPieces {
  taskFields: string;
  client: string;
  expert: string;
  applications: string[];
  allApplications: string;
  reviews: string[];
  transactions: string;
}

/**
 * Made at a read's first answer and dropped with the read: a cached read's parts are never changed
 * after it is made (a change to the task makes a new read), so their text cannot go stale.
 */
const piecesByRead = new WeakMap<TaskDetailsRead, DetailsPieces>();

/** The keys detailsObject sets after the task's own: a task field of the same name would be overwritten. */
const ANSWER_KEYS = new Set(['client', 'client_tasks_posted', 'client_rating', 'expert', 'applications', 'reviews', 'transactions', 'budget_figure', 'capabilities']);

function piecesOf(read: TaskDetailsRead): DetailsPieces {
  const known = piecesByRead.get(read);
  if (known) return known;
  const { dto } = read;
  const taskOwn = Object.keys(dto.task).some((key) => ANSWER_KEYS.has(key))
    ? Object.fromEntries(Object.entries(dto.task).filter(([key]) => !ANSWER_KEYS.has(key)))
    : dto.task;
  const taskText = JSON.stringify(taskOwn);
  const applications = dto.applications.map((application) => JSON.stringify(application));
  const pieces: DetailsPieces = {
    // '{"id":…}' without its braces, and a comma unless it has no field at all.
    taskFields: taskText.length > 2 ? `${taskText.slice(1, -1)},` : '',
    client: JSON.stringify(dto.client),
    expert: JSON.stringify(dto.expert),
    applications,
    allApplications: `[${applications.join(',')}]`,
    reviews: dto.reviews.map((review) => JSON.stringify(review)),
    transactions: JSON.stringify(dto.transactions),
  };
  piecesByRead.set(read, pieces);
  return pieces;
}

const listOf = (indexes: number[], texts: string[]): string => `[${indexes.map((index) => texts[index]).join(',')}]`;
