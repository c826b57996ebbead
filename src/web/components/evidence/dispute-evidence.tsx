import { useState } from 'react';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import { EvidenceByItem } from './evidence-by-item';
import { useEvidenceItems } from './evidence-items-query';

/**
 * In a dispute: the checklist with each item's files and provenance (admins also get the raw metadata),
 * so the reason and the ruling can point at items. Loaded when opened.
 */
export function DisputeEvidence({ taskId }: { taskId: string }) {
  const [open, setOpen] = useState(false);
  const items = useEvidenceItems(taskId, open);
  return (
    <details className="rounded-md border p-2 text-sm" onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer font-medium">
        {evidenceTrustText.checklistTitle} / {evidenceTrustText.provenanceTitle}
      </summary>
      {items.data ? <div className="pt-2"><EvidenceByItem taskId={taskId} items={items.data} /></div> : null}
    </details>
  );
}
