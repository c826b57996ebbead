import type { TaskStatus } from '@shared/domain/task-status';
import { statusLabel } from '@shared/domain/task-status-labels';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';

const VARIANTS: Record<TaskStatus, BadgeVariant> = {
  pending: 'outline',
  open: 'warning',
  assigned: 'secondary',
  in_progress: 'secondary',
  pending_approval: 'warning',
  completed: 'success',
  verified: 'success',
  cancelled: 'destructive',
  disputed: 'warning',
  payment_lapsed: 'destructive',
};

/** The task's status label ("Open for Applications", "Assigned to Expert", ...). */
export function TaskStatusBadge({ status, className }: { status: TaskStatus; className?: string }) {
  return (
    <Badge variant={VARIANTS[status]} className={className} data-testid="task-status-badge">
      {statusLabel(status)}
    </Badge>
  );
}
