import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { ApiError } from '@web/lib/api';
import { createTask } from './task-form-api';
import { takeDraftOnce } from './draft-once';
import { NO_NOTICES, PrefilledNotice, TaskForm, type TaskFormNotices } from './task-form';
import {
  applyDraft,
  createFormDefaults,
  validateCreate,
  type TaskFormErrors,
  type TaskFormState,
} from './task-form-model';
import { TaskFormLayout } from './task-form-layout';
import { newWarnings, outcomeOfFailure, prepareSubmit } from './submit-task';

/** React Router numbers its history entries: idx 0 is the first page of this visit. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** /dashboard/create-task and /create-task: the New Task form, pre-filled once from the quick-task draft. */
export default function CreateTaskPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft] = useState(() => takeDraftOnce(location.key));
  const [value, setValue] = useState<TaskFormState>(() => {
    const defaults = createFormDefaults();
    return draft ? applyDraft(defaults, draft) : defaults;
  });
  const [errors, setErrors] = useState<TaskFormErrors>({});
  const [notices, setNotices] = useState<TaskFormNotices>(NO_NOTICES);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const prepared = prepareSubmit(value, validateCreate);
    if (!prepared.ok) {
      setErrors(prepared.errors);
      setNotices(prepared.notices);
      return;
    }
    setErrors({});
    setNotices({ ...NO_NOTICES, warnings: prepared.warnings });
    setSubmitting(true);
    try {
      const { task, warnings } = await createTask(prepared.data);
      if (!task?.id) throw new Error(messages.tasks.createFailedNoId);
      newWarnings(prepared.warnings, warnings).forEach((text) => toast.warning(text));
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
      toast.success(messages.tasks.created);
      navigate('/dashboard');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error(messages.tasks.loginRequired);
        navigate('/auth', { state: { from: location.pathname } });
        return;
      }
      const outcome = outcomeOfFailure(error, messages.tasks.createFailed, prepared.warnings);
      setErrors(outcome.errors);
      setNotices(outcome.notices);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <TaskFormLayout
      title={messages.taskPages.form.newTitle}
      onBack={() => (canGoBack() ? navigate(-1) : navigate('/dashboard'))}
    >
      <TaskForm
        mode="create"
        value={value}
        onChange={setValue}
        errors={errors}
        notices={notices}
        submitting={submitting}
        onSubmit={() => void submit()}
        onCancel={() => navigate('/dashboard')}
        banner={draft ? <PrefilledNotice /> : null}
      />
    </TaskFormLayout>
  );
}
