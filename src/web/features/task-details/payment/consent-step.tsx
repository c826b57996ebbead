import { useId, useState } from 'react';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';

const text = messages.payment.dialog;

/**
 * Step 1: the limited payment collection agent terms; Agree stays disabled until the box is ticked.
 * The dialog's description carries the step's explanation (polish.consentIntroFee, through ruleText).
 */
export function ConsentStep({ onAgree, onCancel }: { onAgree: () => void; onCancel: () => void }) {
  const [accepted, setAccepted] = useState(false);
  const checkboxId = useId();
  const termsId = useId();
  return (
    <div className="grid gap-4">
      <h3 className="font-medium">{text.consentTitle}</h3>
      <div id={termsId} className="max-h-48 overflow-y-auto rounded-md border bg-muted/30 p-3 text-sm" tabIndex={0}>
        {text.consentTerms}
      </div>
      <div className="flex items-start gap-3">
        <Checkbox
          id={checkboxId}
          checked={accepted}
          onCheckedChange={(value) => setAccepted(value === true)}
          aria-describedby={termsId}
        />
        <Label htmlFor={checkboxId} className="font-normal leading-snug">
          {text.consentCheckbox}
        </Label>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button type="button" disabled={!accepted} onClick={onAgree}>
          {text.agree}
        </Button>
      </div>
    </div>
  );
}
