import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@shared/messages';
import type { AuditEntryDto, Paged } from '@shared/schemas/admin-dto';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api } from '@web/lib/api';
import { formatDateTime } from './format';

const adminOverridesText = messages.adminOverrides;

/**
 * For admins: the task's audited history (overrides with their reasons, dispute steps, refunds), from
 * the audit log filtered by this task, with a link to the Audit tab on the same filter (issue 27).
 */
export function AdminHistory({ taskId }: { taskId: string }) {
  const { data } = useQuery({
    queryKey: ['tasks', 'admin-history', taskId],
    queryFn: () => api.get<Paged<AuditEntryDto>>('/api/admin/audit', { task_id: taskId, pageSize: 20 }),
  });
  const rows = data?.rows ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{adminOverridesText.historyTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {rows.length === 0 ? <p className="text-muted-foreground">{adminOverridesText.historyEmpty}</p> : null}
        <ul className="space-y-3" aria-label={adminOverridesText.historyTitle}>
          {rows.map((row) => {
            const details = (row.details ?? {}) as { reason?: string; note?: string | null };
            return (
              <li key={row.id} className="space-y-1 border-b pb-2 last:border-0">
                <p className="font-medium">
                  {row.action} <span className="font-normal text-muted-foreground">· {row.actor_name ?? 'System'}</span>
                </p>
                <p className="text-xs text-muted-foreground">{formatDateTime(row.created_at)}</p>
                {details.reason || details.note ? <p className="whitespace-pre-wrap break-words">{details.reason ?? details.note}</p> : null}
              </li>
            );
          })}
        </ul>
        <Link className="text-primary underline-offset-4 hover:underline" to={`/admin?tab=audit&task=${encodeURIComponent(taskId)}`}>
          Open in the Audit tab
        </Link>
      </CardContent>
    </Card>
  );
}
