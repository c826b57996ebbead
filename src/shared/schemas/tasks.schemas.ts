import { z } from 'zod';
import { TASK_DEFAULTS, TEXT_LIMITS } from '../constants';
import { TASK_CATEGORIES, TASK_URGENCIES } from '../domain/enums';
import { TASK_STATUSES } from '../domain/task-status';
import { messages } from '../messages';
import { checklistSchema } from './checklist.schemas';
import {
  centsField,
  dateField,
  dollarsField,
  latitudeField,
  longitudeField,
  numberFromText,
  paginationQuery,
  requiredText,
} from './common.schemas';

const tasksText = messages.tasks;

const textFields = {
  title: requiredText(
    TASK_DEFAULTS.titleMinLength,
    TEXT_LIMITS.taskTitleMax,
    tasksText.titleTooShort,
    tasksText.titleTooLong,
  ),
  description: requiredText(
    TASK_DEFAULTS.descriptionMinLength,
    TEXT_LIMITS.taskDescriptionMax,
    tasksText.descriptionTooShort,
    tasksText.descriptionTooLong,
  ),
  requirements: requiredText(
    TASK_DEFAULTS.requirementsMinLength,
    TEXT_LIMITS.taskRequirementsMax,
    tasksText.requirementsTooShort,
    tasksText.requirementsTooLong,
  ),
  category: z.enum(TASK_CATEGORIES, { error: tasksText.categoryInvalid }),
  urgency: z.enum(TASK_URGENCIES, { error: tasksText.urgencyInvalid }),
};

const locationFields = {
  location: requiredText(1, TEXT_LIMITS.locationMax, tasksText.selectLocation, tasksText.locationTooLong),
  latitude: latitudeField(tasksText.selectValidLocation),
  longitude: longitudeField(tasksText.selectValidLocation),
};

const apiFields = {
  ...textFields,
  /** Integer cents. */
  budget: centsField(tasksText.budgetRequired, tasksText.budgetInvalid),
  due_date: dateField(tasksText.dueDateRequired, tasksText.dueDateInvalid),
  ...locationFields,
};

/** POST /tasks: every field required but the checklist; budget in cents, due_date a Date or ISO string. */
export const createTaskSchema = z.object({ ...apiFields, checklist: checklistSchema.optional() });
export type CreateTaskRequest = z.input<typeof createTaskSchema>;
export type CreateTaskInput = z.output<typeof createTaskSchema>;

/** A location is changed as a whole: text and both coordinates together. */
const LOCATION_KEYS = ['location', 'latitude', 'longitude'] as const;

function withUpdateRules<T extends z.ZodType<Record<string, unknown>>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const given = Object.entries(value).filter(([, v]) => v !== undefined);
    if (given.length === 0) ctx.addIssue({ code: 'custom', message: tasksText.noChanges, path: [] });
    const locationGiven = LOCATION_KEYS.filter((key) => value[key] !== undefined);
    if (locationGiven.length > 0 && locationGiven.length < LOCATION_KEYS.length) {
      const missing = LOCATION_KEYS.find((key) => value[key] === undefined)!;
      ctx.addIssue({
        code: 'custom',
        message: missing === 'location' ? tasksText.selectLocation : tasksText.selectValidLocation,
        path: [missing],
      });
    }
  });
}

/** PATCH /tasks/:id: every field optional, at least one given; location with its coordinates. */
export const updateTaskSchema = withUpdateRules(z.object(apiFields).partial());
export type UpdateTaskRequest = z.input<typeof updateTaskSchema>;
export type UpdateTaskInput = z.output<typeof updateTaskSchema>;

const formFields = { ...apiFields, budget: dollarsField(tasksText.budgetRequired, tasksText.budgetInvalid) };

/** The create form: budget typed in dollars; the output is a CreateTaskInput (budget in cents). */
export const createTaskFormSchema = z.object({ ...formFields, checklist: checklistSchema.optional() });
export type CreateTaskFormValues = z.input<typeof createTaskFormSchema>;

/** The edit form: like the create form with every field optional. */
export const updateTaskFormSchema = withUpdateRules(z.object(formFields).partial());
export type UpdateTaskFormValues = z.input<typeof updateTaskFormSchema>;

/** The create form's starting values: budget 100 dollars, due in 7 days, first category and urgency. */
export function taskFormDefaults(now: Date = new Date()) {
  const dueDate = new Date(now);
  dueDate.setDate(dueDate.getDate() + TASK_DEFAULTS.dueDateDaysAhead);
  return {
    title: '',
    description: '',
    requirements: '',
    category: TASK_CATEGORIES[0],
    urgency: TASK_URGENCIES[0],
    budgetCents: TASK_DEFAULTS.budgetCents,
    due_date: dueDate,
  };
}

/** Which tasks a list shows: the client's own, open ones near the expert, applied to, or assigned. */
export const TASK_LIST_SCOPES = ['mine', 'available', 'applied', 'assigned'] as const;
export type TaskListScope = (typeof TASK_LIST_SCOPES)[number];

/**
 * GET /tasks: a scope, paging, an optional status, and for the expert list an optional centre and radius
 * (both coordinates or neither).
 */
export const listTasksQuerySchema = paginationQuery()
  .extend({
    scope: z.enum(TASK_LIST_SCOPES).optional(),
    status: z.enum(TASK_STATUSES).optional(),
    latitude: numberFromText(messages.location.invalidCoordinates)
      .pipe(latitudeField(messages.location.invalidCoordinates))
      .optional(),
    longitude: numberFromText(messages.location.invalidCoordinates)
      .pipe(longitudeField(messages.location.invalidCoordinates))
      .optional(),
    radius_miles: numberFromText(messages.common.invalidRequest)
      .pipe(z.number().positive(messages.common.invalidRequest).max(12_500, messages.common.invalidRequest))
      .optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: messages.location.invalidCoordinates,
    path: ['longitude'],
  });
export type ListTasksQuery = z.output<typeof listTasksQuerySchema>;

/** POST /tasks/check-location: the expert proximity check before submit. */
export const proximityCheckSchema = z.object(locationFields).pick({ latitude: true, longitude: true });
export type ProximityCheckRequest = z.infer<typeof proximityCheckSchema>;
