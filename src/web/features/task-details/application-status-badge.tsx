import { messages } from '@shared/messages';
import type { ApplicationDto } from '@shared/schemas/task-api';
import { Badge } from '@web/components/ui/badge';

/** An application's status: rejected red, accepted green, pending outlined. */
export function ApplicationStatusBadge({ status }: { status: ApplicationDto['status'] }) {
  return (
    <Badge variant={status === 'rejected' ? 'destructive' : status === 'accepted' ? 'success' : 'outline'}>
      {messages.taskPages.applicationStatus[status]}
    </Badge>
  );
}
