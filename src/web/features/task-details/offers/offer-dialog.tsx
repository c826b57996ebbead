import { OFFERS } from '@shared/constants';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ProposeOfferInput } from '@shared/schemas/offers.schemas';
import { AmountNoteDialog } from '../amount-note-dialog';

const offersText = messages.offers;

export interface OfferDialogProps {
  /** The trigger's text ("Propose another rate" or "Counter"). */
  label: string;
  title: string;
  disabled?: boolean;
  /** Sends the proposal; resolves when the server took it (the dialog closes), rejects otherwise. */
  onSubmit: (input: ProposeOfferInput) => Promise<unknown>;
}

/** A rate (typed in dollars) and a note, checked with the shared schema before anything is sent. */
export function OfferDialog({ label, title, disabled, onSubmit }: OfferDialogProps) {
  return (
    <AmountNoteDialog<ProposeOfferInput>
      triggerLabel={label}
      triggerSize="sm"
      title={title}
      description={format(offersText.dialogDescription, { max: OFFERS.maxProposals })}
      amountLabel={offersText.amountLabel}
      noteLabel={offersText.noteLabel}
      noteMaxLength={OFFERS.noteMaxLength}
      sendLabel={offersText.sendButton}
      disabled={disabled}
      schema="offerFormSchema"
      noteField="note"
      onSubmit={onSubmit}
    />
  );
}
