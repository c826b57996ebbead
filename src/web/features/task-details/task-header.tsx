import { Link } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { ArrowLeft, Pencil } from 'lucide-react';
import { budgetFigureCents } from '@shared/domain/money';
import type { TaskCapability } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { BudgetFigure, OverdueBadge, StatusDot } from '@web/components/task';
import { Button } from '@web/components/ui/button';
import { AdminReasonDialog } from '@web/components/admin-reason-dialog';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { taskPath, useTaskAction, failureText } from './task-query';
import { api } from '@web/lib/api';

const detailsText = messages.taskPages.details;

/** React Router numbers its history entries: idx 0 is the first page of this visit. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

export interface TaskHeaderProps {
  task: TaskDetailsDto;
  capabilities: Set<TaskCapability>;
  isOwner: boolean;
}

/** Back, the title, the status dot with the status text, the budget figure, and the client's Edit and Cancel. */
export function TaskHeader({ task, capabilities, isOwner }: TaskHeaderProps) {
  const navigate = useNavigate();
  // An admin's cancel is an override: the dialog asks for the reason (issue 27).
  const cancel = useTaskAction<string | void>({
    taskId: task.id,
    run: (reason) => api.post<{ message?: string }>(taskPath(task.id, '/cancel'), reason ? { override_reason: reason } : {}),
    success: messages.tasks.cancelled,
    failure: (error) => failureText(error, messages.tasks.cancelFailed),
  });
  const figure = Number.isFinite(task.budget_figure) ? task.budget_figure : budgetFigureCents(task);
  const canEdit = isOwner && capabilities.has('edit') && task.status === 'open';

  return (
    <header className="space-y-3">
      <Button variant="ghost" size="sm" onClick={() => (canGoBack() ? navigate(-1) : navigate('/dashboard'))}>
        <ArrowLeft aria-hidden="true" />
        {detailsText.back}
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 id="task-title" className="break-words text-2xl font-semibold">
            {task.title}
          </h1>
          <div className="flex flex-wrap items-center gap-4">
            <StatusDot status={task.status} />
            <OverdueBadge task={task} />
            <BudgetFigure cents={figure} className="text-lg" label={detailsText.budgetFigureLabel} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {canEdit ? (
            <Button variant="outline" asChild>
              <Link to={`/task/${task.id}/edit`}>
                <Pencil aria-hidden="true" />
                {detailsText.edit}
              </Link>
            </Button>
          ) : null}
          {capabilities.has('cancel') && !isOwner ? (
            <AdminReasonDialog
              label={detailsText.cancelTask}
              busyLabel={detailsText.cancelling}
              title={messages.adminOverrides.cancelTitle}
              description={messages.adminOverrides.cancelText}
              variant="destructive"
              busy={cancel.isPending}
              onConfirm={(reason) => cancel.mutateAsync(reason)}
            />
          ) : capabilities.has('cancel') ? (
            // Issue 50: the client's cancel shows its exact cost first and names a reason.
            <CancelBookingDialog taskId={task.id} party="client" label={detailsText.cancelTask} busyLabel={detailsText.cancelling} />
          ) : null}
        </div>
      </div>
    </header>
  );
}
