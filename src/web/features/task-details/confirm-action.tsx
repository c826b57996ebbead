import { useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { Button, type ButtonVariant } from '@web/components/ui/button';

export interface ConfirmActionProps {
  /** The button that opens the confirmation. */
  label: ReactNode;
  busyLabel: ReactNode;
  title: string;
  description: ReactNode;
  /** The confirming button's text (defaults to the trigger's label). */
  confirmLabel?: ReactNode;
  cancelLabel: string;
  variant?: ButtonVariant;
  disabled?: boolean;
  /** The action: it runs on the dialog's own button, and its pending state is the busy state. */
  mutation: { isPending: boolean; mutateAsync: () => Promise<unknown> };
}

/** The texts and look of one confirmation: a task page's actions keep theirs in one table. */
export type ConfirmTexts = Omit<ConfirmActionProps, 'mutation' | 'disabled'>;

/** A button that asks first: the action runs only after the confirmation dialog's own button. */
export function ConfirmAction({
  label,
  busyLabel,
  title,
  description,
  confirmLabel,
  cancelLabel,
  variant = 'default',
  disabled,
  mutation,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const busy = mutation.isPending;
  const confirm = async () => {
    try {
      await mutation.mutateAsync();
    } catch {
      // The action's own toast has told the user; the dialog just closes.
    } finally {
      setOpen(false);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant={variant} disabled={disabled || busy}>
          {busy ? busyLabel : label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          {/* A plain button (not AlertDialogAction) so the dialog stays open while the action runs. */}
          <Button variant={variant} disabled={busy} onClick={() => void confirm()}>
            {busy ? busyLabel : (confirmLabel ?? label)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
