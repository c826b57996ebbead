import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  cancelReasonText,
  CLIENT_CANCEL_REASONS,
  EXPERT_CANCEL_REASONS,
  type CancelReason,
} from '@shared/domain/cancellation-policy';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import { CANCEL_NOTE_MAX } from '@shared/domain/cancellation-policy';
import type { CancellationQuoteDto } from '@shared/schemas/cancellations.schemas';
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
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { api } from '@web/lib/api';
import { DialogError } from './dialog-submit';
import { failureText, taskPath, useTaskAction } from './task-query';

const text = messages.cancellations;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

export interface CancelBookingDialogProps {
  taskId: string;
  /** The client's cancel (POST /cancel, with the fee the dialog showed) or the hired expert's (POST /expert-cancel). */
  party: 'client' | 'expert';
  label: string;
  busyLabel: string;
}

/**
 * Every cancel's dialog (issue 50, docs/decisions/0460): the exact amounts from the server's quote
 * before the click, a reason from the list and a note, and the policy's page. The client's cancel
 * sends the fee it showed, so a cost that changed meanwhile is refused, never charged.
 */
export function CancelBookingDialog({ taskId, party, label, busyLabel }: CancelBookingDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const quote = useQuery({
    queryKey: ['tasks', 'cancellation-quote', taskId],
    queryFn: () => api.get<CancellationQuoteDto>(taskPath(taskId, '/cancellation-quote')),
    enabled: open,
    staleTime: 0,
  });
  const cancel = useTaskAction<void>({
    taskId,
    run: () =>
      party === 'client'
        ? api.post(taskPath(taskId, '/cancel'), { reason, note: note.trim() || undefined, expected_fee_cents: quote.data?.fee_cents ?? 0 })
        : api.post(taskPath(taskId, '/expert-cancel'), { reason, note: note.trim() || undefined }),
    success: party === 'client' ? messages.tasks.cancelled : text.expertCancelled,
    failure: (failure) => failureText(failure, messages.tasks.cancelFailed),
  });
  const reasons = party === 'client' ? CLIENT_CANCEL_REASONS : EXPERT_CANCEL_REASONS;
  const busy = cancel.isPending;
  const q = quote.data;
  const fee = q?.fee_cents ?? 0;
  const confirmLabel = party === 'expert' ? text.confirmExpert : fee > 0 ? fill(text.confirmClientWithFee, { fee: formatUsd(fee) }) : text.confirmClient;

  const confirm = async () => {
    if (!reason) return setError(text.reasonRequired);
    if (reason === 'other' && !note.trim()) return setError(text.noteRequiredForOther);
    setError(null);
    try {
      await cancel.mutateAsync();
      setOpen(false);
    } catch {
      // The action's toast has told why; the quote may have changed: show the new one.
      void quote.refetch();
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive" disabled={busy}>
          {busy ? busyLabel : label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent data-testid="cancel-booking-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{party === 'client' ? text.clientDialogTitle : text.expertDialogTitle}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-2" data-testid="cancel-quote">
              {party === 'expert' ? <p>{text.expertDialogText}</p> : null}
              {quote.isPending ? (
                <Spinner label={text.quoteLoading} showLabel />
              ) : quote.isError || !q ? (
                <span role="alert">{text.quoteFailed}</span>
              ) : (
                <>
                  <p>{q.rule_text}</p>
                  {party === 'client' ? (
                    <ul className="space-y-1 font-medium text-foreground">
                      {fee > 0 ? (
                        <li>
                          {fill(text.feeLine, { fee: formatUsd(fee), expert: formatUsd(q.expert_cents), platform: formatUsd(q.platform_fee_cents) })}
                        </li>
                      ) : (
                        <li>{text.freeLine}</li>
                      )}
                      {q.released_cents > 0 ? <li>{fill(text.releasedLine, { released: formatUsd(q.released_cents) })}</li> : null}
                    </ul>
                  ) : null}
                </>
              )}
              <p>
                <Link to="/cancellation-policy" className="text-info underline underline-offset-4">
                  {text.policyLink}
                </Link>
              </p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{text.reasonLabel}</legend>
          {reasons.map((value) => (
            <div key={value} className="flex items-center gap-2">
              <input
                type="radio"
                id={`cancel-reason-${value}`}
                name="cancel-reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-primary"
              />
              <Label htmlFor={`cancel-reason-${value}`} className="font-normal">
                {cancelReasonText(value)}
              </Label>
            </div>
          ))}
        </fieldset>
        <div className="space-y-1">
          <Label htmlFor="cancel-note">{text.noteLabel}</Label>
          <Textarea id="cancel-note" value={note} maxLength={CANCEL_NOTE_MAX} rows={2} onChange={(event) => setNote(event.target.value)} />
        </div>
        <DialogError error={error} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{text.keep}</AlertDialogCancel>
          <Button variant="destructive" disabled={busy || quote.isPending || quote.isError} onClick={() => void confirm()}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
