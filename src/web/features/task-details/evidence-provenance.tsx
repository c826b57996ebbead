import { toast } from 'sonner';
import type { ChecklistItem } from '@shared/domain/checklist';
import type { BadgeTone } from '@shared/domain/provenance';
import { format } from '@shared/format-message';
import { evidenceTrustMessages as m } from '@shared/messages/evidenceTrust';
import type { EvidenceFileDto, EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api';
import { formatDateTime } from './format';
import { taskPath, useTaskAction } from './task-query';

const TONE_VARIANT: Record<BadgeTone, 'success' | 'secondary' | 'warning'> = { ok: 'success', info: 'secondary', warning: 'warning' };

const fileUrl = (taskId: string, index: number) => taskPath(taskId, `/evidence/${index}`);

function EvidenceFile({ taskId, file, showRaw }: { taskId: string; file: EvidenceFileDto; showRaw: boolean }) {
  const url = fileUrl(taskId, file.index);
  return (
    <li className="space-y-1" data-testid="evidence-file">
      <a href={url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border">
        {file.content_type.startsWith('video/') ? (
          <video src={url} controls preload="metadata" className="aspect-video w-full bg-black" aria-label={`#${file.index + 1}`} />
        ) : (
          <img src={url} alt={`#${file.index + 1}`} loading="lazy" className="aspect-square w-full object-cover" />
        )}
      </a>
      <ul className="flex flex-wrap gap-1" aria-label={m.provenanceTitle}>
        {file.badges.map((badge) => (
          <li key={badge.text}>
            <Badge variant={TONE_VARIANT[badge.tone]} className="whitespace-normal">
              {badge.text}
            </Badge>
          </li>
        ))}
      </ul>
      <p className="break-all font-mono text-[10px] text-muted-foreground" title={m.hashLabel}>
        {m.hashLabel} {file.sha256}
      </p>
      {showRaw && file.admin ? (
        <details className="text-xs">
          <summary>{m.rawMetadata}</summary>
          <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all">{JSON.stringify(file.admin, null, 1)}</pre>
        </details>
      ) : null}
    </li>
  );
}

/** The evidence grouped by checklist item (or one group), each file with its provenance badges. */
export function EvidenceByItem({ taskId, items }: { taskId: string; items: EvidenceItemsDto }) {
  const groups: { item: ChecklistItem | null; files: EvidenceFileDto[] }[] = items.checklist?.length
    ? items.checklist.map((item) => ({ item, files: items.files.filter((file) => file.item_id === item.id) }))
    : [{ item: null, files: items.files }];
  return (
    <div className="space-y-4">
      {groups.map(({ item, files }) => (
        <section key={item?.id ?? 'all'} className="space-y-2" aria-label={item?.label ?? m.provenanceTitle}>
          {item ? (
            <h3 className="text-sm font-medium">
              {item.label}{' '}
              <span className="text-xs font-normal text-muted-foreground">
                ({item.kind === 'video' ? m.kindVideo : m.kindPhoto}, {item.required ? m.checklistRequired : m.checklistOptional})
              </span>
            </h3>
          ) : null}
          {files.length === 0 ? (
            <p className="text-xs text-muted-foreground">{m.itemNoFiles}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {files.map((file) => (
                <EvidenceFile key={file.index} taskId={taskId} file={file} showRaw={file.admin !== undefined} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

/** The client's inspection report: open it, share its link, or revoke the link. */
export function ReportPanel({ taskId, report }: { taskId: string; report: NonNullable<EvidenceItemsDto['report']> }) {
  const shareUrl = `${window.location.origin}/reports/${report.id}/verify`;
  const revoke = useTaskAction({
    taskId,
    run: () => api.post<{ message?: string }>(taskPath(taskId, '/report/revoke')),
    success: m.reportRevoked,
    failure: () => m.reportNotFound,
  });
  return (
    <section className="space-y-2 rounded-md border p-3" aria-label={m.reportTitle} data-testid="report-panel">
      <h3 className="text-sm font-medium">{m.reportTitle}</h3>
      <p className="text-xs text-muted-foreground">{format(m.reportIssued, { date: formatDateTime(report.issued_at) ?? report.issued_at })}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <a href={taskPath(taskId, '/report')} target="_blank" rel="noreferrer">
            {m.reportOpen}
          </a>
        </Button>
        {report.revoked_at ? (
          <p className="text-sm">{m.reportRevoked}</p>
        ) : (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                void navigator.clipboard?.writeText(shareUrl).then(() => toast.success(m.reportCopied), () => undefined);
              }}
            >
              {m.reportCopyLink}
            </Button>
            <Button size="sm" variant="ghost" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
              {m.reportRevoke}
            </Button>
          </>
        )}
      </div>
      {report.revoked_at ? null : (
        <p className="break-all text-xs">
          {m.reportShareLink}:{' '}
          <a href={shareUrl} className="underline" data-testid="report-share-link">
            {shareUrl}
          </a>
        </p>
      )}
    </section>
  );
}
