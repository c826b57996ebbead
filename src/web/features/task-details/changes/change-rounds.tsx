import type { ChecklistItem } from '@shared/domain/checklist';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ChangeRequestDto } from '@shared/schemas/evidence-changes.schemas';
import { formatDateTime } from '../format';

const changesText = messages.evidenceChanges;

export const itemLabels = (checklist: ChecklistItem[] | null, itemIds: string[]) =>
  itemIds.length === 0
    ? changesText.wholeDelivery
    : itemIds.map((id) => checklist?.find((item) => item.id === id)?.label ?? id).join(', ');

/** Every round of changes, first to last: what was asked, the note, and when it was delivered again. */
export function ChangeRounds({ rounds, checklist }: { rounds: ChangeRequestDto[]; checklist: ChecklistItem[] | null }) {
  if (rounds.length === 0) return null;
  return (
    <ol className="space-y-2" aria-label={changesText.reportRoundsHeading} data-testid="change-rounds">
      {rounds.map((round) => (
        <li key={round.id} className="rounded-md border p-3 text-sm">
          <h3 className="font-medium">{format(changesText.requestHeading, { round: round.round })}</h3>
          <p>{format(changesText.requestedItems, { items: itemLabels(checklist, round.item_ids) })}</p>
          <p className="whitespace-pre-wrap text-muted-foreground">{round.note}</p>
          {round.redelivered_at ? (
            <p className="text-xs text-muted-foreground">
              {format(changesText.redeliveredOn, { when: formatDateTime(round.redelivered_at) ?? '' })}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
