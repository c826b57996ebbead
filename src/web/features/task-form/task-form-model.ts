import { format as formatDate } from 'date-fns';
import type { LocationResult } from '@shared/domain/cities';
import type { TaskCategory, TaskUrgency } from '@shared/domain/enums';
import { fieldErrors } from '@shared/schemas/common.schemas';
import { createTaskFormSchema, taskFormDefaults, updateTaskFormSchema } from '@shared/schemas/tasks.schemas';
import type { CreateTaskInput, UpdateTaskInput } from '@shared/schemas/tasks.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import type { QuickTaskDraft } from '@web/lib/quick-task-draft';
import { defaultChecklist } from '@shared/domain/checklist';
import { dayInZone } from '@shared/domain/time-zone';
import type { EditableItem } from './checklist-editor';

/** What the task form holds while the user types: budget in dollars as typed, due date as yyyy-mm-dd. */
export interface TaskFormState {
  title: string;
  description: string;
  location: LocationResult | null;
  due_date: string;
  category: TaskCategory;
  urgency: TaskUrgency;
  requirements: string;
  budget: string;
  /** Create form only: the evidence checklist (undefined on the edit form). */
  checklist?: EditableItem[];
}

export type TaskFormField =
  'title' | 'description' | 'location' | 'due_date' | 'category' | 'urgency' | 'requirements' | 'budget' | 'checklist';
export type TaskFormErrors = Partial<Record<TaskFormField, string>>;

/** The fields in the spec's order; the first one with an error gets the focus. */
export const TASK_FORM_FIELDS: readonly TaskFormField[] = [
  'title',
  'description',
  'location',
  'due_date',
  'category',
  'urgency',
  'requirements',
  'budget',
  'checklist',
];

const toDateInput = (date: Date) => formatDate(date, 'yyyy-MM-dd');

/**
 * The create form's start: budget 100, due in 7 days, first category and urgency, and no place: the
 * client chooses where the task is (a quick-task draft brings the place chosen on the landing page).
 * Starting on New York posted tasks there for anyone who did not look at the field (issue 52).
 */
export function createFormDefaults(now: Date = new Date()): TaskFormState {
  const defaults = taskFormDefaults(now);
  return {
    title: defaults.title,
    description: defaults.description,
    location: null,
    due_date: toDateInput(defaults.due_date),
    category: defaults.category,
    urgency: defaults.urgency,
    requirements: defaults.requirements,
    budget: String(defaults.budgetCents / 100),
    checklist: defaultChecklist(defaults.category),
  };
}

/** The quick-task draft over the defaults: title, description and the location with its coordinates. */
export function applyDraft(state: TaskFormState, draft: QuickTaskDraft): TaskFormState {
  return {
    ...state,
    title: draft.title ?? state.title,
    description: draft.description ?? state.description,
    location: {
      name: draft.location,
      lat: draft.latitude,
      lng: draft.longitude,
      address: draft.location,
      country: '',
      region: null,
    },
  };
}

/** The edit form's start: every field of the saved task, the budget back in dollars. */
export function formStateOf(task: TaskDto): TaskFormState {
  return {
    title: task.title,
    description: task.description,
    location: {
      name: task.location,
      lat: task.latitude,
      lng: task.longitude,
      address: task.location,
      country: '',
      region: null,
    },
    due_date: task.due_date ? dueDayOf(task.due_date, task.time_zone) : '',
    category: task.category,
    urgency: task.urgency,
    requirements: task.requirements,
    budget: String(task.budget / 100),
  };
}

/**
 * A yyyy-mm-dd from the date input as local noon, so the day stays the same day in every time zone
 * the task is shown in; blank stays blank for the schema's "Due date is required".
 */
function dueDateValue(text: string): Date | string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return text.trim() === '' ? undefined : text;
  // Issue 49: the bare day (UTC midnight); the server makes it the end of that day in the task's zone.
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** The due date's day as the task's zone names it (yyyy-mm-dd). */
function dueDayOf(due: string, zone: string): string {
  const day = dayInZone(new Date(due), zone);
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

function schemaInput(state: TaskFormState) {
  return {
    title: state.title,
    description: state.description,
    requirements: state.requirements,
    category: state.category,
    urgency: state.urgency,
    budget: state.budget,
    due_date: dueDateValue(state.due_date),
    location: state.location ? state.location.address || state.location.name : '',
    latitude: state.location?.lat,
    longitude: state.location?.lng,
    ...(state.checklist ? { checklist: state.checklist } : {}),
  };
}

function formErrorsOf(raw: Record<string, string>): TaskFormErrors {
  const errors: TaskFormErrors = {};
  for (const field of TASK_FORM_FIELDS) {
    if (raw[field]) errors[field] = raw[field];
  }
  const locationError = raw.location ?? raw.latitude ?? raw.longitude;
  const checklistError = Object.entries(raw).find(([key]) => key.startsWith('checklist'))?.[1];
  if (checklistError) errors.checklist = checklistError;
  if (locationError) errors.location = locationError;
  return errors;
}

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: TaskFormErrors };

/** The create form checked with the shared schema: the API's input (budget in cents) or the spec's texts by field. */
export function validateCreate(state: TaskFormState): Validated<CreateTaskInput> {
  const result = createTaskFormSchema.safeParse(schemaInput(state));
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: formErrorsOf(fieldErrors(result.error)) };
}

/** The edit form: every field optional in the schema; a cleared due date is left unchanged. */
export function validateUpdate(state: TaskFormState): Validated<UpdateTaskInput> {
  const result = updateTaskFormSchema.safeParse(schemaInput(state));
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: formErrorsOf(fieldErrors(result.error)) };
}

/** Server field names (location coordinates included) onto the form's fields. */
export function serverFieldErrors(fields: Record<string, string> | undefined): TaskFormErrors {
  return fields ? formErrorsOf(fields) : {};
}
