import { useState, type FormEvent } from 'react';
import { LATE_WORK } from '@shared/constants';
import { OVERDUE_STATUSES } from '@shared/domain/late-work';
import { formatInTimeZone } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ExtensionDto } from '@shared/schemas/evidence-changes.schemas';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { DateInput } from '@web/components/ui/date-input';
import { Field } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { api } from '@web/lib/api';
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { ConfirmAction } from '../confirm-action';
import { failureText, taskPath, useTaskAction } from '../task-query';
import { useLateWork } from './late-work-api';

const lateText = messages.lateWork;

const inZone = (value: string, zone: string | null) => formatInTimeZone(new Date(value), zone ?? 'UTC');

/**
 * Late work (issue 50): "Overdue" for both parties once the due moment passed with nothing delivered,
 * the expert's request for more time, the client's answer, and the client's free cancel from 24 hours
 * after the due moment. Nothing shows while the task is on time.
 */
export function LateWorkPanel({ task, isOwner }: { task: TaskDetailsDto; isOwner: boolean }) {
  const owed = OVERDUE_STATUSES.includes(task.status);
  const late = useLateWork(task.id, owed);
  const data = late.data;
  if (!owed || !data) return null;
  const pending = data.extensions.find((extension) => extension.status === 'pending');
  if (!data.overdue && !pending) return null;
  return (
    <Card data-testid="late-work-panel">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2>{lateText.panelTitle}</h2>
        </CardTitle>
        {data.overdue ? <Badge variant="destructive">{lateText.overdue}</Badge> : null}
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {data.overdue && data.due_date ? <p>{format(lateText.overdueSince, { due: inZone(data.due_date, data.time_zone) })}</p> : null}
        {isOwner ? <ClientSide taskId={task.id} pending={pending} data={data} /> : <ExpertSide taskId={task.id} pending={pending} zone={data.time_zone} />}
      </CardContent>
    </Card>
  );
}

function ClientSide({ taskId, pending, data }: { taskId: string; pending?: ExtensionDto; data: NonNullable<ReturnType<typeof useLateWork>['data']> }) {
  const accept = useTaskAction({
    taskId,
    run: () => api.post<{ message?: string }>(taskPath(taskId, `/extensions/${pending?.id}/accept`)),
    success: lateText.extensionAccepted,
    failure: (error) => failureText(error, lateText.noPendingExtension),
  });
  const decline = useTaskAction({
    taskId,
    run: () => api.post<{ message?: string }>(taskPath(taskId, `/extensions/${pending?.id}/decline`)),
    success: lateText.extensionDeclined,
    failure: (error) => failureText(error, lateText.noPendingExtension),
  });
  const cancel = useTaskAction({
    taskId,
    run: () => api.post<{ message?: string }>(taskPath(taskId, '/cancel-overdue')),
    success: lateText.overdueCancelled,
    failure: (error) => failureText(error, lateText.notOverdueCancellable),
  });
  const busy = accept.isPending || decline.isPending || cancel.isPending;
  return (
    <>
      {data.overdue ? <p className="text-muted-foreground">{lateText.clientHint}</p> : null}
      {pending ? (
        <div className="space-y-2 rounded-md border p-3" data-testid="extension-request">
          <p>{format(lateText.pendingClient, { due: inZone(pending.requested_due_at, data.time_zone), reason: pending.reason })}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => accept.mutate()} disabled={busy}>
              {lateText.accept}
            </Button>
            <Button variant="outline" onClick={() => decline.mutate()} disabled={busy}>
              {lateText.decline}
            </Button>
          </div>
        </div>
      ) : null}
      {data.can_cancel_free ? (
        <div className="space-y-2">
          <p className="text-muted-foreground">{lateText.cancelFreeHint}</p>
          <ConfirmAction
            label={lateText.cancelFree}
            busyLabel={lateText.cancelFree}
            title={lateText.cancelFree}
            description={lateText.cancelConfirm}
            cancelLabel={messages.evidenceChanges.cancel}
            variant="destructive"
            disabled={busy}
            mutation={cancel}
          />
        </div>
      ) : data.overdue && data.free_cancel_from ? (
        <p className="text-muted-foreground">{format(lateText.cancelFreeOpensAt, { when: inZone(data.free_cancel_from, data.time_zone) })}</p>
      ) : null}
    </>
  );
}

function ExpertSide({ taskId, pending, zone }: { taskId: string; pending?: ExtensionDto; zone: string | null }) {
  const [due, setDue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ new_due_date?: string; reason?: string }>({});
  const ask = useTaskAction<{ new_due_date: string; reason: string }>({
    taskId,
    run: (body) => api.post<{ message?: string }>(taskPath(taskId, '/extensions'), body),
    success: lateText.extensionRequested,
    failure: (error) => failureText(error, lateText.newDueInvalid),
    onSuccess: () => {
      setDue('');
      setReason('');
    },
  });
  if (pending) return <p>{format(lateText.pendingExpert, { due: inZone(pending.requested_due_at, zone) })}</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const parsed = schemas.requestExtensionSchema.safeParse({ new_due_date: due, reason });
    if (!parsed.success) {
      setErrors(schemas.fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    ask.mutate({ new_due_date: due, reason: parsed.data.reason });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3" aria-label={lateText.requestButton}>
      <p className="text-muted-foreground">{lateText.expertHint}</p>
      <Field label={lateText.newDueLabel} error={errors.new_due_date} required>
        <DateInput value={due} onChange={(event) => setDue(event.target.value)} />
      </Field>
      <Field label={lateText.reasonLabel} error={errors.reason} required>
        <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} maxLength={LATE_WORK.reasonMaxLength} />
      </Field>
      <Button type="submit" disabled={ask.isPending}>
        {lateText.requestButton}
      </Button>
    </form>
  );
}
