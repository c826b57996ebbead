import { useState, type FormEvent } from 'react';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { RefundableTransactionDto } from '@shared/schemas/disputes.schemas';
import { Button } from '@web/components/ui/button';
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
import { Input } from '@web/components/ui/input';
import { useRefund } from './disputes-api';

const holdsText = messages.holds;

/** Dollars typed by an admin as integer cents, or null when it is not a positive amount. */
export function centsFromDollars(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const cents = Math.round(Number(text.trim()) * 100);
  return cents >= 1 ? cents : null;
}

/**
 * Refund a captured payment, in full or in part. The idempotency key is made when the dialog
 * opens, so a double click or a retry after a lost answer refunds once.
 */
export function RefundControl({ transaction }: { transaction: RefundableTransactionDto }) {
  const left = transaction.amount - transaction.amount_refunded;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const refund = useRefund();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromDollars(amount);
    if (cents === null || cents > left) {
      setError(holdsText.refundAmountInvalid);
      return;
    }
    setError(null);
    refund.mutate(
      { id: transaction.id, body: { amount_cents: cents, idempotency_key: key } },
      { onSuccess: () => setOpen(false) },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setKey(crypto.randomUUID());
          setAmount((left / 100).toFixed(2));
          setError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`${holdsText.refundButton}: ${transaction.task_title}`}>
          {holdsText.refundButton}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{holdsText.refundButton}</DialogTitle>
            <DialogDescription>
              {transaction.task_title}: {formatUsd(transaction.amount)} ({holdsText.refundedSoFar} {formatUsd(transaction.amount_refunded)})
            </DialogDescription>
          </DialogHeader>
          <Field label={holdsText.refundAmountLabel} error={error} required>
            <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setAmount((left / 100).toFixed(2))}>
              {holdsText.refundFull}
            </Button>
            <Button type="submit" disabled={refund.isPending}>
              {holdsText.refundButton}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
