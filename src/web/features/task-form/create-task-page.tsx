import { useState } from 'react';
import { useLocation } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { ApiError } from '@web/lib/api';
import { createTask } from './task-form-api';
import { takeDraftOnce } from './draft-once';
import { PrefilledNotice, TaskForm } from './task-form';
import { applyDraft, createFormDefaults, validateCreate } from './task-form-model';
import { TaskFormLayout } from './task-form-layout';
import { useTaskFormSubmit } from './use-task-form-submit';

/** React Router numbers its history entries: idx 0 is the first page of this visit. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** /dashboard/create-task and /create-task: the New Task form, pre-filled once from the quick-task draft. */
export default function CreateTaskPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [draft] = useState(() => takeDraftOnce(location.key));
  const form = useTaskFormSubmit({
    initial: () => {
      const defaults = createFormDefaults();
      return draft ? applyDraft(defaults, draft) : defaults;
    },
    validate: validateCreate,
    send: async (data) => {
      const { task, warnings } = await createTask(data);
      if (!task?.id) throw new Error(messages.tasks.createFailedNoId);
      return { warnings };
    },
    succeeded: () => {
      toast.success(messages.tasks.created);
      navigate('/dashboard');
    },
    handled: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) return false;
      toast.error(messages.tasks.loginRequired);
      navigate('/auth', { state: { from: location.pathname } });
      return true;
    },
    failedText: messages.tasks.createFailed,
  });

  return (
    <TaskFormLayout
      title={messages.taskPages.form.newTitle}
      onBack={() => (canGoBack() ? navigate(-1) : navigate('/dashboard'))}
    >
      <TaskForm
        mode="create"
        {...form}
        onCancel={() => navigate('/dashboard')}
        banner={draft ? <PrefilledNotice /> : null}
      />
    </TaskFormLayout>
  );
}
