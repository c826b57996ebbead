import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TASK_QUERY } from '@shared/constants';
import { messages } from '@shared/messages';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api';
import { useMe } from '@web/lib/session';
import { editTaskQueryKey, fetchTaskForEdit, updateTask } from './task-form-api';
import { TaskForm } from './task-form';
import { formStateOf, validateUpdate } from './task-form-model';
import { TaskFormLayout } from './task-form-layout';
import { useTaskFormSubmit } from './use-task-form-submit';

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
  // Another client's task answers 404 (the server hides tasks from who may not see them): the spec's
  // "You can only edit your own tasks" and the task page, which says why it cannot show it if it cannot.
  const notTheirs = query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404);
  const refusalText = refusal?.text ?? (notTheirs ? messages.tasks.editOwnOnly : null);
  const loadFailed = (query.isError && !notTheirs) || (!taskId && Boolean(me));

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
  const taskPage = `/task/${task.id}`;
  const form = useTaskFormSubmit({
    initial: () => formStateOf(task),
    validate: validateUpdate,
    send: (data) => updateTask(task.id, data),
    succeeded: () => {
      toast.success(messages.tasks.updated);
      navigate(taskPage);
    },
    handled: (error) => {
      if (error instanceof ApiError && error.status === 403) {
        toast.error(messages.tasks.editOwnOnly);
        navigate(taskPage, { replace: true });
        return true;
      }
      if (error instanceof ApiError && error.status === 409) {
        toast.error(messages.tasks.notEditable);
        navigate(taskPage, { replace: true });
        return true;
      }
      return false;
    },
    failedText: messages.tasks.updateFailed,
  });

  return (
    <TaskForm mode="edit" {...form} onCancel={() => navigate(taskPage)} />
  );
}
