import type { ChecklistItem } from '@shared/domain/checklist';
import type { BadgeTone } from '@shared/domain/provenance';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import type { EvidenceFileDto, EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import { Badge } from '@web/components/ui/badge';
import { format } from '@shared/format-message';
import { taskPagesMessages } from '@shared/messages/task-pages';
import { evidenceChangesMessages as changesText } from '@shared/messages/evidence-changes';

/** Issue 50: which delivery a file came from, when changes were requested (nothing on a first delivery alone). */
function versionText(file: EvidenceFileDto): string | null {
  if (file.current === false) return changesText.earlierVersion;
  if (file.round) return format(changesText.roundLabel, { round: file.round });
  return null;
}

/** Evidence grouped by checklist item with provenance badges: the task page and the admin's dispute view. */

const taskPath = (taskId: string, rest: string) => `/api/tasks/${encodeURIComponent(taskId)}${rest}`;

const TONE_VARIANT: Record<BadgeTone, 'success' | 'secondary' | 'warning'> = { ok: 'success', info: 'secondary', warning: 'warning' };

const fileUrl = (taskId: string, index: number) => taskPath(taskId, `/evidence/${index}`);

function EvidenceFile({ taskId, file, showRaw }: { taskId: string; file: EvidenceFileDto; showRaw: boolean }) {
  const url = fileUrl(taskId, file.index);
  // Numbered across the whole submission, as in the plain photo grid ("Evidence photo 1").
  const label = format(taskPagesMessages.details.evidenceImageAlt, { number: file.index + 1 });
  const version = versionText(file);
  return (
    <li className="space-y-1" data-testid="evidence-file" data-current={file.current === false ? 'false' : 'true'}>
      {version ? (
        <Badge variant={file.current === false ? 'outline' : 'secondary'} className="whitespace-normal">
          {version}
        </Badge>
      ) : null}
      <a href={url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border">
        {file.content_type.startsWith('video/') ? (
          // The poster is the frame the expert's browser grabbed at upload (the server has no decoder).
          <video src={url} poster={`${url}/thumbnail`} controls preload="metadata" className="aspect-video w-full bg-black" aria-label={label} />
        ) : (
          // The grid loads the small thumbnail; the link opens the full-size photo.
          <img src={`${url}/thumbnail`} alt={label} loading="lazy" className="aspect-square w-full object-cover" />
        )}
      </a>
      <ul className="flex flex-wrap gap-1" aria-label={evidenceTrustText.provenanceTitle}>
        {file.badges.map((badge) => (
          <li key={badge.text}>
            <Badge variant={TONE_VARIANT[badge.tone]} className="whitespace-normal">
              {badge.text}
            </Badge>
          </li>
        ))}
      </ul>
      <p className="break-all font-mono text-[10px] text-muted-foreground" title={evidenceTrustText.hashLabel}>
        {evidenceTrustText.hashLabel} {file.sha256}
      </p>
      {showRaw && file.admin ? (
        <details className="text-xs">
          <summary>{evidenceTrustText.rawMetadata}</summary>
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
        <section key={item?.id ?? 'all'} className="space-y-2" aria-label={item?.label ?? evidenceTrustText.provenanceTitle}>
          {item ? (
            <h3 className="text-sm font-medium">
              {item.label}{' '}
              <span className="text-xs font-normal text-muted-foreground">
                ({item.kind === 'video' ? evidenceTrustText.kindVideo : evidenceTrustText.kindPhoto}, {item.required ? evidenceTrustText.checklistRequired : evidenceTrustText.checklistOptional})
              </span>
            </h3>
          ) : null}
          {files.length === 0 ? (
            <p className="text-xs text-muted-foreground">{evidenceTrustText.itemNoFiles}</p>
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

