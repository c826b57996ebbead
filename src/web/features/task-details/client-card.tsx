import { messages } from '@shared/messages';
import type { PersonDto } from '@shared/schemas/task-api';
import { Avatar } from '@web/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatMonthYear } from './format';

const taskSidebarText = messages.taskSidebar;

/** What the assigned expert sees of the client: first name only, member since and tasks posted. */
export function ClientCard({ client, tasksPosted }: { client: PersonDto; tasksPosted: number }) {
  const firstName = client.first_name?.trim() || taskSidebarText.clientFallbackName;
  return (
    <Card data-testid="client-card">
      <CardHeader>
        <CardTitle asChild>
          <h2>{taskSidebarText.clientTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-center gap-3">
          <Avatar src={client.avatar_url} name={firstName} decorative />
          <h3 className="font-medium">{firstName}</h3>
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">{taskSidebarText.memberSince}</dt>
            <dd>{formatMonthYear(client.created_at) ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{taskSidebarText.tasksPosted}</dt>
            <dd className="tabular-nums">{tasksPosted}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
