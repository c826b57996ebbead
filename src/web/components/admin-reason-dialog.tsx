import { useState, type FormEvent, type ReactNode } from 'react';
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { ADMIN_OVERRIDE } from '@shared/constants';
import { messages } from '@shared/messages';
import { Button, type ButtonVariant } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';

const adminOverridesText = messages.adminOverrides;

export interface AdminReasonDialogProps {
  /** The button that opens the dialog. */
  label: ReactNode;
  busyLabel: ReactNode;
  title: string;
  description: ReactNode;
  variant?: ButtonVariant;
  busy: boolean;
  disabled?: boolean;
  /** The reason field's label; by default it says the reason reaches both parties. */
  reasonLabel?: string;
  /** Runs with the trimmed reason; the dialog closes when it resolves and stays open when it fails. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/**
 * An admin acting in a party's place writes why first (issue 27): 10 to 1,000 characters, checked
 * with the same schema as the server; the reason reaches both parties and the audit log.
 */
export function AdminReasonDialog({ label, busyLabel, title, description, variant = 'default', busy, disabled, reasonLabel = adminOverridesText.reasonLabel, onConfirm }: AdminReasonDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const { overrideReasonSchema } = schemas;
    const parsed = overrideReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? adminOverridesText.reasonRequired);
      return;
    }
    setError(null);
    try {
      await onConfirm(parsed.data);
      setOpen(false);
      setReason('');
    } catch {
      // The action's own toast has told the admin; the reason stays for another try.
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant={variant} disabled={disabled || busy}>
          {busy ? busyLabel : label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Field label={reasonLabel} error={error} description={adminOverridesText.reasonHint} required>
            <Textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={4}
              maxLength={ADMIN_OVERRIDE.reasonMaxLength}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              {adminOverridesText.keep}
            </Button>
            <Button type="submit" variant={variant} disabled={busy}>
              {busy ? busyLabel : adminOverridesText.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
