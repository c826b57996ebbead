import type { TaskStatus } from '@shared/domain/task-status';
import { STATUS_DOT_CLASSES, statusDotColor, statusText } from '@shared/domain/task-status-labels';
import { cn } from '@web/components/ui/cn';

/**
 * The task header's status dot (green finished, blue assigned or in progress, orange open, grey
 * otherwise) with the raw status written with spaces ("in progress").
 */
export function StatusDot({
  status,
  showText = true,
  className,
}: {
  status: TaskStatus;
  showText?: boolean;
  className?: string;
}) {
  const color = statusDotColor(status);
  return (
    <span
      className={cn('inline-flex items-center gap-2 text-sm capitalize text-muted-foreground', className)}
      data-status-color={color}
    >
      <span aria-hidden="true" className={cn('inline-block size-2.5 rounded-full', STATUS_DOT_CLASSES[color])} />
      {showText ? <span>{statusText(status)}</span> : <span className="sr-only">{statusText(status)}</span>}
    </span>
  );
}
