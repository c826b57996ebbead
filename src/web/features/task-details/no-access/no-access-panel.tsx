import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '@shared/domain/money';
import { NO_ACCESS } from '@shared/domain/no-access';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { NoAccessReportDto } from '@shared/schemas/no-access.schemas';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { api } from '@web/lib/api';
import { DialogError, useDialogSubmit } from '../dialog-submit';
import { taskPath, useTaskAction } from '../task-query';

const text = messages.noAccess;

export const noAccessKey = (taskId: string) => ['tasks', taskId, 'no-access'] as const;

/**
 * Issue 50 (decision 0463): the expert's no-access report on the task page. The client sees the
 * photos, the fee and its deadline, and may contest; the expert sees that the client has until then.
 */
export function NoAccessPanel({ task, isOwner }: { task: TaskDetailsDto; isOwner: boolean }) {
  const report = useQuery({
    queryKey: [...noAccessKey(task.id), task.status],
    queryFn: async () => (await api.get<{ report: NoAccessReportDto | null }>(taskPath(task.id, '/no-access'))).report,
    retry: false,
  });
  const data = report.data;
  if (!data) return null;
  return (
    <Card data-testid="no-access-panel">
      <CardHeader>
        <CardTitle asChild>
          <h2>{text.panelTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>{format(text.panelExpert, { window: data.window })}</p>
        {data.note ? <p className="whitespace-pre-wrap italic">{data.note}</p> : null}
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={text.photosLabel}>
          {data.photos.map((photo) => (
            <li key={photo.index}>
              <img
                src={taskPath(task.id, `/no-access/photos/${photo.index}`)}
                alt={format(text.panelPhotoAlt, { number: photo.index + 1 })}
                className="aspect-square w-full rounded-md border object-cover"
                loading="lazy"
              />
            </li>
          ))}
        </ul>
        {data.status === 'pending' ? (
          isOwner ? (
            <>
              <p className="font-medium">{format(text.panelFee, { deadline: data.fee_due_text, fee: formatUsd(data.fee_cents) })}</p>
              <ContestDialog taskId={task.id} />
            </>
          ) : (
            <p className="font-medium">{format(text.expertWaiting, { deadline: data.fee_due_text })}</p>
          )
        ) : data.status === 'charged' ? (
          <p className="font-medium">{format(text.charged, { fee: formatUsd(data.fee_cents) })}</p>
        ) : data.contest_reason ? (
          <p>{format(text.notifyContested, { title: task.title, reason: data.contest_reason })}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ContestDialog({ taskId }: { taskId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const contest = useTaskAction<void, { message: string }>({
    taskId,
    run: () => api.post(taskPath(taskId, '/no-access/contest'), { reason: reason.trim() }),
    success: text.contested,
    // The dialog shows the refusal itself, beside the field to fix.
    failure: () => null,
  });
  const { error, submit } = useDialogSubmit({
    check: () => (reason.trim().length < NO_ACCESS.contestReasonMin ? text.contestReasonRequired : null),
    send: () => contest.mutateAsync(),
    close: () => setOpen(false),
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !contest.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline">{text.contestButton}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.contestTitle}</DialogTitle>
          <DialogDescription>{text.contestText}</DialogDescription>
        </DialogHeader>
        <div className="space-y-1">
          <Label htmlFor="no-access-contest-reason">{text.contestReasonLabel}</Label>
          <Textarea id="no-access-contest-reason" value={reason} rows={4} maxLength={NO_ACCESS.contestReasonMax} onChange={(event) => setReason(event.target.value)} />
        </div>
        <DialogError error={error} />
        <DialogFooter>
          <Button disabled={contest.isPending} onClick={() => void submit()}>
            {contest.isPending ? text.sending : text.contestSend}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
