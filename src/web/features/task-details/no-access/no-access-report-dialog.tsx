import { useId, useState } from 'react';
import { messages } from '@shared/messages';
import type { NoAccessReportDto } from '@shared/schemas/no-access.schemas';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { api } from '@web/lib/api';
import { DialogError, useDialogSubmit } from '../dialog-submit';
import { taskPath, useTaskAction } from '../task-query';
import { useVisit } from '../visit/visit-api';

const text = messages.noAccess;

/**
 * Issue 50 (decision 0463): the hired expert's "No access", offered once a visit is agreed.
 * The photos' own metadata must place them there in the window; a refusal says which photo and why,
 * and stays in the dialog so that another photo can be chosen.
 */
export function NoAccessReportDialog({ taskId }: { taskId: string }) {
  const id = useId();
  const visit = useVisit(taskId);
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState('');
  const send = useTaskAction<void, { report: NoAccessReportDto; message: string }>({
    taskId,
    run: () => {
      const form = new FormData();
      for (const file of files) form.append('photos', file);
      if (note.trim()) form.append('note', note.trim());
      return api.post(taskPath(taskId, '/no-access'), form);
    },
    success: text.reported,
    // The dialog shows the refusal itself, beside the field to fix.
    failure: () => null,
  });
  const { error, setError, submit } = useDialogSubmit({
    check: () => (files.length === 0 ? text.photoRequired : null),
    send: () => send.mutateAsync(),
    close: () => setOpen(false),
  });
  // Offered once a visit is agreed; before its start the server says from when (a phone's clock may be wrong).
  if (!visit.data?.agreed) return null;

  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline">{text.reportButton}</Button>
      </DialogTrigger>
      <DialogContent data-testid="no-access-dialog">
        <DialogHeader>
          <DialogTitle>{text.reportTitle}</DialogTitle>
          <DialogDescription>{text.reportText}</DialogDescription>
        </DialogHeader>
        <div className="space-y-1">
          <Label htmlFor={`${id}-photos`}>{text.photosLabel}</Label>
          <input
            id={`${id}-photos`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            capture="environment"
            className="block w-full text-sm"
            onChange={(event) => {
              setFiles(Array.from(event.target.files ?? []));
              setError(null);
            }}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-note`}>{text.noteLabel}</Label>
          <Textarea id={`${id}-note`} value={note} rows={3} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
        </div>
        <DialogError error={error} />
        <DialogFooter>
          <Button disabled={send.isPending} onClick={() => void submit()}>
            {send.isPending ? text.sending : text.send}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
