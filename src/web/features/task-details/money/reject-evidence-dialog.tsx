import { useState, type FormEvent } from 'react';
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
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
import { api } from '@web/lib/api';
import { failureText, taskPath, useTaskAction } from '../task-query';

const disputesText = messages.disputes;

/**
 * The client's Reject: a required reason and an optional request for new evidence; opens a dispute.
 * An admin rejecting in the client's place (issue 27) writes a reason of 10 to 1,000 characters that
 * is both the dispute's reason and the override's.
 */
export function RejectEvidenceDialog({ taskId, disabled, asAdmin = false }: { taskId: string; disabled?: boolean; asAdmin?: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [requestChanges, setRequestChanges] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const reject = useTaskAction<{ reason: string; request_changes: boolean; override_reason?: string }>({
    taskId,
    run: (body) => api.post<{ message?: string }>(taskPath(taskId, '/evidence/reject'), body),
    success: disputesText.opened,
    failure: (failure) => failureText(failure, messages.evidence.rejectFailed),
    onSuccess: () => {
      setOpen(false);
      setReason('');
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const { fieldErrors, overrideReasonSchema, rejectEvidenceSchema } = schemas;
    const parsed = rejectEvidenceSchema.safeParse({ reason, request_changes: requestChanges });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).reason ?? disputesText.reasonRequired);
      return;
    }
    if (asAdmin) {
      const override = overrideReasonSchema.safeParse(reason);
      if (!override.success) {
        setError(override.error.issues[0]?.message ?? messages.adminOverrides.reasonRequired);
        return;
      }
      setError(null);
      reject.mutate({ ...parsed.data, override_reason: override.data });
      return;
    }
    setError(null);
    reject.mutate(parsed.data);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" disabled={disabled}>
          {messages.taskPages.details.rejectEvidence}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{asAdmin ? messages.adminOverrides.rejectTitle : disputesText.rejectTitle}</DialogTitle>
            <DialogDescription>{asAdmin ? messages.adminOverrides.rejectText : disputesText.rejectDescription}</DialogDescription>
          </DialogHeader>
          <Field label={asAdmin ? messages.adminOverrides.reasonLabel : disputesText.reasonLabel} error={error} required>
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={4} maxLength={2000} />
          </Field>
          <Field label={disputesText.requestChangesLabel} orientation="horizontal">
            <Checkbox checked={requestChanges} onCheckedChange={(value) => setRequestChanges(value === true)} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {disputesText.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {disputesText.submitReject}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
