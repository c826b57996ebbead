import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { loadFormSchemas } from '@web/lib/load-form-schemas';

/** The form schemas this dialog can check with (web/lib/form-schemas.ts, loaded on first submit). */
type AmountNoteSchema = 'offerFormSchema' | 'priceChangeFormSchema';

export interface AmountNoteDialogProps<Input> {
  triggerLabel: string;
  triggerSize?: 'sm';
  title: string;
  description: string;
  amountLabel: string;
  noteLabel: string;
  noteMaxLength: number;
  sendLabel: string;
  disabled?: boolean;
  /** The shared schema that checks the form, and the name it gives the text field ("note", "reason"). */
  schema: AmountNoteSchema;
  noteField: 'note' | 'reason';
  /** Sends it; resolves when the server took it (the dialog closes), rejects otherwise. */
  onSubmit: (input: Input) => Promise<unknown>;
}

/**
 * An amount typed in dollars and a text, checked with the lazily loaded shared schema before anything
 * is sent: a counter-offer's rate and note, a price change's price and reason.
 */
export function AmountNoteDialog<Input>(props: AmountNoteDialogProps<Input>) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const parsed = schemas[props.schema].safeParse({ amount, [props.noteField]: note });
    if (!parsed.success) {
      setErrors(schemas.fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await props.onSubmit(parsed.data as Input);
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
        <Button variant="outline" size={props.triggerSize} disabled={props.disabled}>
          {props.triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <Field label={props.amountLabel} error={errors.amount} required>
            <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </Field>
          <Field label={props.noteLabel} error={errors[props.noteField]} required>
            <Textarea rows={3} maxLength={props.noteMaxLength} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {props.sendLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
