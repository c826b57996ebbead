import { toast } from 'sonner';
import { format } from '@shared/format-message';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import type { EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api';
import { formatDateTime } from './format';
import { taskPath, useTaskAction } from './task-query';

/** The client's inspection report: open it, share its link, or revoke the link. */
export function ReportPanel({ taskId, report }: { taskId: string; report: NonNullable<EvidenceItemsDto['report']> }) {
  const shareUrl = `${window.location.origin}/reports/${report.id}/verify`;
  const revoke = useTaskAction({
    taskId,
    run: () => api.post<{ message?: string }>(taskPath(taskId, '/report/revoke')),
    success: evidenceTrustText.reportRevoked,
    failure: () => evidenceTrustText.reportNotFound,
  });
  return (
    <section className="space-y-2 rounded-md border p-3" aria-label={evidenceTrustText.reportTitle} data-testid="report-panel">
      <h3 className="text-sm font-medium">{evidenceTrustText.reportTitle}</h3>
      <p className="text-xs text-muted-foreground">{format(evidenceTrustText.reportIssued, { date: formatDateTime(report.issued_at) ?? report.issued_at })}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <a href={taskPath(taskId, '/report')} target="_blank" rel="noreferrer">
            {evidenceTrustText.reportOpen}
          </a>
        </Button>
        {report.revoked_at ? (
          <p className="text-sm">{evidenceTrustText.reportRevoked}</p>
        ) : (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                void navigator.clipboard?.writeText(shareUrl).then(() => toast.success(evidenceTrustText.reportCopied), () => undefined);
              }}
            >
              {evidenceTrustText.reportCopyLink}
            </Button>
            <Button size="sm" variant="ghost" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
              {evidenceTrustText.reportRevoke}
            </Button>
          </>
        )}
      </div>
      {report.revoked_at ? null : (
        <p className="break-all text-xs">
          {evidenceTrustText.reportShareLink}:{' '}
          <a href={shareUrl} className="underline" data-testid="report-share-link">
            {shareUrl}
          </a>
        </p>
      )}
    </section>
  );
}
