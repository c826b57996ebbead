import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TASK_QUERY } from '@shared/constants';
import { messages } from '@shared/messages';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api';
import { useMe } from '@web/lib/session';
import { editTaskQueryKey, fetchTaskForEdit, updateTask } from './task-form-api';
import { NO_NOTICES, TaskForm, type TaskFormNotices } from './task-form';
import { formStateOf, validateUpdate, type TaskFormErrors, type TaskFormState } from './task-form-model';
import { TaskFormLayout } from './task-form-layout';
import { newWarnings, outcomeOfFailure, prepareSubmit } from './submit-task';

type Refusal = { text: string } | null;

/** Why the signed-in user may not edit this task now, if they may not (owner only, open only). */
function refusalOf(task: TaskDetailsDto, userId: string): Refusal {
  if (task.client_id !== userId) return { text: messages.tasks.editOwnOnly };
  if (task.status !== 'open') return { text: messages.tasks.notEditable };
  return null;
}

/** /task/{taskId}/edit: the task form pre-filled with the saved task, for its own client while it is open. */
export default function EditTaskPage() {
  const { taskId = '' } = useParams();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const query = useQuery({
    queryKey: editTaskQueryKey(taskId),
    queryFn: () => fetchTaskForEdit(taskId),
    enabled: Boolean(taskId && me),
    retry: TASK_QUERY.retry,
  });
  const task = query.data;
  const userId = me?.user.id;
  const refusal = task && userId ? refusalOf(task, userId) : null;
  const refusalText = refusal?.text ?? null;
  const loadFailed = query.isError || (!taskId && Boolean(me));

  // The spec's redirects: a load failure goes to the dashboard, someone else's or a non-open task to its page.
  useEffect(() => {
    if (loadFailed) {
      toast.error(taskId ? messages.tasks.loadForEditFailed : messages.tasks.invalidSessionOrTask);
      navigate('/dashboard', { replace: true });
    } else if (refusalText) {
      toast.error(refusalText);
      navigate(`/task/${taskId}`, { replace: true });
    }
  }, [loadFailed, refusalText, taskId, navigate]);

  return (
    <TaskFormLayout title={messages.taskPages.form.editTitle} onBack={() => navigate(`/task/${taskId}`)}>
      {task && !refusal ? (
        <EditTaskForm task={task} />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label={messages.taskPages.form.loading} showLabel />
        </div>
      )}
    </TaskFormLayout>
  );
}

function EditTaskForm({ task }: { task: TaskDetailsDto }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<TaskFormState>(() => formStateOf(task));
  const [errors, setErrors] = useState<TaskFormErrors>({});
  const [notices, setNotices] = useState<TaskFormNotices>(NO_NOTICES);
  const [submitting, setSubmitting] = useState(false);
  const taskPage = `/task/${task.id}`;

  const submit = async () => {
    const prepared = prepareSubmit(value, validateUpdate);
    if (!prepared.ok) {
      setErrors(prepared.errors);
      setNotices(prepared.notices);
      return;
    }
    setErrors({});
    setNotices({ ...NO_NOTICES, warnings: prepared.warnings });
    setSubmitting(true);
    try {
      const result = await updateTask(task.id, prepared.data);
      newWarnings(prepared.warnings, result.warnings).forEach((text) => toast.warning(text));
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
      toast.success(messages.tasks.updated);
      navigate(taskPage);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        toast.error(messages.tasks.editOwnOnly);
        navigate(taskPage, { replace: true });
        return;
      }
      if (error instanceof ApiError && error.status === 409) {
        toast.error(messages.tasks.notEditable);
        navigate(taskPage, { replace: true });
        return;
      }
      const outcome = outcomeOfFailure(error, messages.tasks.updateFailed, prepared.warnings);
      setErrors(outcome.errors);
      setNotices(outcome.notices);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <TaskForm
      mode="edit"
      value={value}
      onChange={setValue}
      errors={errors}
      notices={notices}
      submitting={submitting}
      onSubmit={() => void submit()}
      onCancel={() => navigate(taskPage)}
    />
  );
}
