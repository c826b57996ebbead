import { useState, type FormEvent } from 'react';
import { PRICE_CHANGES } from '@shared/constants';
import { messages } from '@shared/messages';
import type { ProposePriceChangeInput } from '@shared/schemas/price-changes.schemas';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { loadFormSchemas } from '@web/lib/load-form-schemas';

const text = messages.priceChanges;

/** A new price (typed in dollars) and its reason, checked with the shared schema before it is sent. */
export function PriceChangeDialog({ disabled, onSubmit }: { disabled?: boolean; onSubmit: (input: ProposePriceChangeInput) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const parsed = schemas.priceChangeFormSchema.safeParse({ amount, reason });
    if (!parsed.success) {
      setErrors(schemas.fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(parsed.data as ProposePriceChangeInput);
      setOpen(false);
      setAmount('');
      setReason('');
    } catch {
      // The action's toast said why; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          {text.proposeButton}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.dialogTitle}</DialogTitle>
          <DialogDescription>{text.dialogDescription}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <Field label={text.amountLabel} error={errors.amount} required>
            <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </Field>
          <Field label={text.reasonLabel} error={errors.reason} required>
            <Textarea rows={3} maxLength={PRICE_CHANGES.reasonMaxLength} value={reason} onChange={(event) => setReason(event.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {text.sendButton}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
