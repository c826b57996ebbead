import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { format as formatDate } from 'date-fns';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ReviewReportDto } from '@shared/schemas/directory.schemas';
import { Badge } from '@web/components/ui/badge';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api';
import { AdminReasonDialog } from '@web/components/admin-reason-dialog';
import { errorText } from '../admin-api';
import { ListCard } from '../common/list-card';

const directoryText = messages.directory;
const REPORTS_KEY = ['admin', 'review-reports'] as const;

type Moderation = { report: ReviewReportDto; hide: boolean; reason: string };

/**
 * Reported reviews (issue 23): each report with the review it names, and Hide or Restore with a written
 * reason (the admin override dialog of issue 27, same 10 to 1,000 character rule). Cards, not a table,
 * so that a long comment reads at 390 px.
 */
export default function ReviewReportsPanel() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: REPORTS_KEY,
    queryFn: () => api.get<{ reports: ReviewReportDto[] }>('/api/admin/review-reports'),
  });
  const moderate = useMutation({
    mutationFn: ({ report, hide, reason }: Moderation) =>
      api.post<{ message: string }>(`/api/admin/reviews/${report.review_id}/${hide ? 'hide' : 'restore'}`, {
        kind: report.review_kind,
        reason,
      }),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => toast.error(errorText(error)),
    // A 409 means another admin got there first: the list shows the state as it now is either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
  const busyId = moderate.isPending ? moderate.variables?.report.id : undefined;
  const reports = query.data?.reports ?? [];

  return (
    <section aria-labelledby="reviews-title" className="space-y-6">
      <h1 id="reviews-title" className="text-2xl font-semibold">
        Reviews
      </h1>
      <ListCard title={directoryText.reportsTitle} description={directoryText.reportsDescription}>
        {query.isPending ? (
          <Spinner label={messages.shell.loading} />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {directoryText.reportsLoadFailed}
          </p>
        ) : reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">{directoryText.reportsEmpty}</p>
        ) : (
          <ul className="space-y-3" aria-label={directoryText.reportsTitle}>
            {reports.map((report) => {
              const headingId = `review-report-${report.id}`;
              const gone = report.rating === null;
              return (
                <li key={report.id}>
                  <article aria-labelledby={headingId} className="space-y-2 rounded-md border p-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h3 id={headingId} className="font-medium">
                        {report.review_kind === 'expert' ? directoryText.reportKindExpert : directoryText.reportKindClient}
                        {' · '}
                        {format(directoryText.reportedOn, {
                          date: formatDate(new Date(report.created_at), 'MMM d, yyyy'),
                        })}
                      </h3>
                      {gone ? null : (
                        <Badge variant={report.removed ? 'warning' : 'secondary'}>
                          {report.removed ? directoryText.reviewStateHidden : directoryText.reviewStateShown}
                        </Badge>
                      )}
                    </div>
                    {gone ? (
                      <p className="text-muted-foreground">{directoryText.reviewGone}</p>
                    ) : (
                      <dl className="space-y-1">
                        <div>
                          <dt className="sr-only">{directoryText.reportComment}</dt>
                          <dd className="font-medium">
                            {format(directoryText.reportRating, { rating: report.rating ?? 0 })}
                          </dd>
                          <dd className="whitespace-pre-wrap break-words">{report.comment}</dd>
                        </div>
                        <div>
                          <dt className="text-muted-foreground">{directoryText.reportReason}</dt>
                          <dd className="whitespace-pre-wrap break-words">{report.reason}</dd>
                        </div>
                      </dl>
                    )}
                    {gone ? null : (
                      <AdminReasonDialog
                        label={report.removed ? directoryText.restoreReview : directoryText.hideReview}
                        busyLabel={report.removed ? directoryText.restoringReview : directoryText.hidingReview}
                        title={report.removed ? directoryText.restoreTitle : directoryText.hideTitle}
                        description={report.removed ? directoryText.restoreText : directoryText.hideText}
                        variant={report.removed ? 'outline' : 'destructive'}
                        reasonLabel={directoryText.moderationReasonLabel}
                        busy={busyId === report.id}
                        disabled={Boolean(busyId)}
                        onConfirm={(reason) =>
                          moderate.mutateAsync({ report, hide: !report.removed, reason })
                        }
                      />
                    )}
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </ListCard>
    </section>
  );
}
