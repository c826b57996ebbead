import { messages } from '@shared/messages';
import { useEvidenceItems } from '@web/components/evidence/evidence-items-query';
import { EvidenceUploadForm } from '../evidence-upload-form';
import { itemLabels } from './change-rounds';
import { format } from '@shared/format-message';

const changesText = messages.evidenceChanges;

/**
 * The assigned expert's re-delivery (issue 50): the client's request on top, then the evidence form
 * walking only the items asked about. Earlier files stay visible in the evidence card above.
 */
export function RedeliverSection({ taskId }: { taskId: string }) {
  const items = useEvidenceItems(taskId);
  const open = items.data?.rounds?.find((round) => round.redelivered_at === null);
  if (!items.data || !open) return null;
  return (
    <section className="space-y-3" aria-labelledby="redeliver-heading" data-testid="redeliver-section">
      <div className="rounded-md border border-warning bg-warning/10 p-3 text-sm" role="status">
        <h2 id="redeliver-heading" className="font-medium">
          {format(changesText.requestHeading, { round: open.round })}
        </h2>
        <p>{changesText.waitingExpert}</p>
        <p>{format(changesText.requestedItems, { items: itemLabels(items.data.checklist, open.item_ids) })}</p>
        <p className="whitespace-pre-wrap">{open.note}</p>
      </div>
      <EvidenceUploadForm taskId={taskId} path="/evidence/redeliver" title={changesText.redeliverHeading} onlyItems={open.item_ids} />
    </section>
  );
}
