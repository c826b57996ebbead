import { toast } from 'sonner';
import { checkRemoteOnly } from '@shared/domain/remote-only';
import { messages } from '@shared/messages';
import { ApiError } from '@web/lib/api';
import { NO_NOTICES, type TaskFormNotices } from './task-form';
import {
  serverFieldErrors,
  type TaskFormErrors,
  type TaskFormState,
  type Validated,
} from './task-form-model';

/** The server repeats the content check; its texts belong with the content errors. */
const IN_PERSON_PREFIX = messages.tasks.inPersonServices.slice(
  0,
  messages.tasks.inPersonServices.indexOf('{'),
);
const isContentCheckText = (text: string) =>
  text === messages.tasks.needMoreDetail || text.startsWith(IN_PERSON_PREFIX);

/** The proximity check's refusals, shown beside the location rather than as a generic failure. */
const LOCATION_REFUSALS: readonly string[] = [
  messages.tasks.noExpertsNearby,
  messages.tasks.expertAvailabilityFailed,
];

export interface SubmitOutcome {
  errors: TaskFormErrors;
  notices: TaskFormNotices;
}

export type PreparedSubmit<T> = { ok: true; data: T; warnings: string[] } | ({ ok: false } & SubmitOutcome);

/**
 * The checks before a task is sent: the shared schema (texts by field), then the remote-only
 * content check over title and description. Errors block; the clarify warning is shown and lets
 * the task through.
 */
export function prepareSubmit<T>(
  state: TaskFormState,
  validate: (state: TaskFormState) => Validated<T>,
): PreparedSubmit<T> {
  const validated = validate(state);
  if (!validated.ok) return { ok: false, errors: validated.errors, notices: NO_NOTICES };
  const content = checkRemoteOnly({ title: state.title, description: state.description });
  if (content.errors.length > 0) {
    content.errors.forEach((text) => toast.error(text));
    return {
      ok: false,
      errors: {},
      notices: { ...NO_NOTICES, contentErrors: content.errors, warnings: content.warnings },
    };
  }
  content.warnings.forEach((text) => toast.warning(text));
  return { ok: true, data: validated.data, warnings: content.warnings };
}

/** Server warnings not already shown by the local content check. */
export function newWarnings(shown: string[], fromServer: string[] | undefined): string[] {
  return (fromServer ?? []).filter((text) => !shown.includes(text));
}

/** A refused submit: field texts on their fields, the proximity texts beside the location, the rest as a toast. */
export function outcomeOfFailure(error: unknown, fallback: string, warnings: string[]): SubmitOutcome {
  const message = error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
  if (LOCATION_REFUSALS.includes(message)) {
    toast.error(message);
    return { errors: {}, notices: { ...NO_NOTICES, warnings, locationRefused: message } };
  }
  const errors = error instanceof ApiError ? serverFieldErrors(error.fields) : {};
  if (isContentCheckText(message)) {
    toast.error(message);
    return { errors, notices: { ...NO_NOTICES, contentErrors: [message] } };
  }
  toast.error(Object.keys(errors).length > 0 ? (Object.values(errors)[0] ?? message) : message);
  return { errors, notices: { ...NO_NOTICES, warnings } };
}
