import type { TaskStatus } from '@shared/domain/task-status';
import { statusLabel } from '@shared/domain/task-status-labels';
import { TASK_STATUS_BADGE_VARIANTS } from '@shared/badge-classes';
import { Badge } from '@web/components/ui/badge';

/** The task's status label ("Open for Applications", "Assigned to Expert", ...). */
export function TaskStatusBadge({ status, className }: { status: TaskStatus; className?: string }) {
  return (
    <Badge variant={TASK_STATUS_BADGE_VARIANTS[status]} className={className} data-testid="task-status-badge">
      {statusLabel(status)}
    </Badge>
  );
}
