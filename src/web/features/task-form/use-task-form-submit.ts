import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { NO_NOTICES, type TaskFormNotices } from './task-form';
import type { TaskFormErrors, TaskFormState, Validated } from './task-form-model';
import { newWarnings, outcomeOfFailure, prepareSubmit } from './submit-task';

/**
 * The state and the submit of the New Task and Edit Task forms: validate (errors block, warnings
 * show), send, toast the server's new warnings, refresh the task lists, then `succeeded`. A failure
 * the page handles itself (`handled` returns true) stops there; any other lands on the fields or
 * as a toast with `failedText`. Returns the props TaskForm takes for its state.
 */
export function useTaskFormSubmit<T>(options: {
  initial: () => TaskFormState;
  validate: (state: TaskFormState) => Validated<T>;
  /** Sends the task; answers the server's warnings. */
  send: (data: T) => Promise<{ warnings?: string[] }>;
  succeeded: () => void;
  handled?: (error: unknown) => boolean;
  failedText: string;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<TaskFormState>(options.initial);
  const [errors, setErrors] = useState<TaskFormErrors>({});
  const [notices, setNotices] = useState<TaskFormNotices>(NO_NOTICES);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const prepared = prepareSubmit(value, options.validate);
    if (!prepared.ok) {
      setErrors(prepared.errors);
      setNotices(prepared.notices);
      return;
    }
    setErrors({});
    setNotices({ ...NO_NOTICES, warnings: prepared.warnings });
    setSubmitting(true);
    try {
      const { warnings } = await options.send(prepared.data);
      newWarnings(prepared.warnings, warnings).forEach((text) => toast.warning(text));
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
      options.succeeded();
    } catch (error) {
      if (options.handled?.(error)) return;
      const outcome = outcomeOfFailure(error, options.failedText, prepared.warnings);
      setErrors(outcome.errors);
      setNotices(outcome.notices);
    } finally {
      setSubmitting(false);
    }
  };

  return { value, onChange: setValue, errors, notices, submitting, onSubmit: () => void submit() };
}
