import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { CancellationEventDto } from '@shared/schemas/cancellations.schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api } from '@web/lib/api';
import { formatDateTime } from './format';
import { taskPath } from './task-query';

const text = messages.cancellations;
const WHO: Record<CancellationEventDto['party'], string> = {
  client: text.timelineClient,
  expert: text.timelineExpert,
  admin: text.timelineAdmin,
};

/**
 * The task's cancellations (issue 50, decision 0462): who cancelled, when, the reason and note, and the
 * call-out fee; with the link to the cancellation policy. Without any, only the link.
 */
export function CancellationsTimeline({ taskId }: { taskId: string }) {
  const { data } = useQuery({
    queryKey: ['tasks', 'cancellations', taskId],
    queryFn: () => api.get<{ cancellations: CancellationEventDto[] }>(taskPath(taskId, '/cancellations')),
  });
  const rows = data?.cancellations ?? [];
  const policyLink = (
    <Link to="/cancellation-policy" className="text-sm text-info underline underline-offset-4">
      {text.policyLink}
    </Link>
  );
  if (rows.length === 0) return <p>{policyLink}</p>;
  return (
    <Card data-testid="cancellations-timeline">
      <CardHeader>
        <CardTitle asChild>
          <h2>{text.timelineTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <ol className="space-y-3" aria-label={text.timelineTitle}>
          {rows.map((row) => (
            <li key={row.id} className="space-y-1 border-b pb-2 last:border-0">
              <p className="font-medium">
                {WHO[row.party]}
                {row.fee_cents > 0 ? <span className="font-normal"> · {text.timelineFee.replace('{fee}', formatUsd(row.fee_cents))}</span> : null}
              </p>
              <p className="text-xs text-muted-foreground">{formatDateTime(row.created_at)}</p>
              <p>{row.reason_text}</p>
              {row.note ? <p className="whitespace-pre-wrap break-words text-muted-foreground">{row.note}</p> : null}
            </li>
          ))}
        </ol>
        {policyLink}
      </CardContent>
    </Card>
  );
}
