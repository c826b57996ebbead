import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { PriceChangeAnswer, PriceChangeDto, PriceChangesResponse, ProposePriceChangeInput } from '@shared/schemas/price-changes.schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api } from '@web/lib/api';
import { formatDateTime } from '../format';
import { failureText, taskPath, useTaskAction } from '../task-query';
import { PriceChangeDialog } from './price-change-dialog';

const text = messages.priceChanges;

const STATUS: Record<PriceChangeDto['status'], string> = { pending: text.statusPending, approved: text.statusApproved, declined: text.statusDeclined };
const HELD: Record<NonNullable<PriceChangeDto['authorization']>, string> = {
  pending: text.authorizationPending,
  incremental: text.authorizationIncremental,
  second_hold: text.authorizationSecondHold,
  failed: text.authorizationFailed,
};

/**
 * The task's price changes after the hire (issue 51, decision 0467): each change on the timeline for
 * both parties and admins, the other party's Approve and Decline, and the dialog to propose one.
 */
export function PriceChangesPanel({ taskId }: { taskId: string }) {
  const query = useQuery({
    queryKey: ['tasks', 'price-changes', taskId],
    queryFn: () => api.get<PriceChangesResponse>(taskPath(taskId, '/price-changes')),
  });
  const act = useTaskAction<{ path: string; body?: ProposePriceChangeInput }, PriceChangeAnswer>({
    taskId,
    run: ({ path, body }) => api.post<PriceChangeAnswer>(taskPath(taskId, `/price-changes${path}`), body),
    success: (answer) => answer.message,
    failure: (error) => failureText(error, text.noPendingChange),
  });
  const data = query.data;
  if (!data || (data.changes.length === 0 && !data.can_propose)) return null;
  const busy = act.isPending;
  return (
    <Card data-testid="price-changes-panel">
      <CardHeader>
        <CardTitle asChild>
          <h2>{text.panelTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {data.changes.length > 0 ? (
          <ol className="space-y-3" aria-label={text.panelTitle}>
            {data.changes.map((change) => {
              const waitsForYou = change.status === 'pending' && data.you !== null && data.you !== change.proposed_by;
              return (
                <li key={change.id} className="space-y-1 border-b pb-2 last:border-0" data-testid="price-change">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span>{change.proposed_by === 'client' ? text.byClient : text.byExpert}</span>
                    <span className="tabular-nums">{format(text.changeLine, { from: formatUsd(change.previous_amount), to: formatUsd(change.amount) })}</span>
                    <Badge variant={change.status === 'pending' ? 'secondary' : 'outline'}>{STATUS[change.status]}</Badge>
                    {change.authorization ? <Badge variant={change.authorization === 'failed' ? 'destructive' : 'outline'}>{HELD[change.authorization]}</Badge> : null}
                  </p>
                  <p className="text-xs text-muted-foreground">{formatDateTime(change.created_at)}</p>
                  <p className="whitespace-pre-wrap break-words">{change.reason}</p>
                  {waitsForYou ? (
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" disabled={busy} onClick={() => act.mutate({ path: `/${change.id}/approve` })}>
                        {text.approveButton}
                      </Button>
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => act.mutate({ path: `/${change.id}/decline` })}>
                        {text.declineButton}
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : null}
        {data.can_propose ? <PriceChangeDialog disabled={busy} onSubmit={(body) => act.mutateAsync({ path: '', body })} /> : null}
      </CardContent>
    </Card>
  );
}
