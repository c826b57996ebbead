import { useState, type FormEvent } from 'react';
import { OFFERS } from '@shared/constants';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ProposeOfferInput } from '@shared/schemas/offers.schemas';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { loadFormSchemas } from '@web/lib/load-form-schemas';

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
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const parsed = schemas.offerFormSchema.safeParse({ amount, note });
    if (!parsed.success) {
      setErrors(schemas.fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(parsed.data as ProposeOfferInput);
      setOpen(false);
      setAmount('');
      setNote('');
    } catch {
      // The action's toast said why; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{format(offersText.dialogDescription, { max: OFFERS.maxProposals })}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <Field label={offersText.amountLabel} error={errors.amount} required>
            <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </Field>
          <Field label={offersText.noteLabel} error={errors.note} required>
            <Textarea rows={3} maxLength={OFFERS.noteMaxLength} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {offersText.sendButton}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
