import { isOverdue, type LateWorkFacts } from '@shared/domain/late-work';
import { lateWorkMessages as lateText } from '@shared/messages/late-work';
import { Badge } from '@web/components/ui/badge';

/** "Overdue" (issue 50): past the due moment with nothing delivered, on the task page and the dashboards. */
export function OverdueBadge({ task, now = new Date() }: { task: LateWorkFacts; now?: Date }) {
  if (!isOverdue(task, now)) return null;
  return (
    <Badge variant="destructive" data-testid="overdue-badge">
      {lateText.overdue}
    </Badge>
  );
}
