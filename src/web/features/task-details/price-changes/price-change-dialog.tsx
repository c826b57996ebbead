import { PRICE_CHANGES } from '@shared/constants';
import { messages } from '@shared/messages';
import type { ProposePriceChangeInput } from '@shared/schemas/price-changes.schemas';
import { AmountNoteDialog } from '../amount-note-dialog';

const text = messages.priceChanges;

/** A new price (typed in dollars) and its reason, checked with the shared schema before it is sent. */
export function PriceChangeDialog({ disabled, onSubmit }: { disabled?: boolean; onSubmit: (input: ProposePriceChangeInput) => Promise<unknown> }) {
  return (
    <AmountNoteDialog<ProposePriceChangeInput>
      triggerLabel={text.proposeButton}
      title={text.dialogTitle}
      description={text.dialogDescription}
      amountLabel={text.amountLabel}
      noteLabel={text.reasonLabel}
      noteMaxLength={PRICE_CHANGES.reasonMaxLength}
      sendLabel={text.sendButton}
      disabled={disabled}
      schema="priceChangeFormSchema"
      noteField="reason"
      onSubmit={onSubmit}
    />
  );
}
