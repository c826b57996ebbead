import { useState, type FormEvent } from 'react';
import type { ChecklistItem } from '@shared/domain/checklist';
import { CHANGE_REQUESTS } from '@shared/constants';
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
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { failureText, taskPath, useTaskAction } from '../task-query';

const changesText = messages.evidenceChanges;

/**
 * The client's "Request changes" (issue 50): the checklist items that are missing or unclear (none to
 * pick on a task without a checklist) and a note. The expert re-delivers those items.
 */
export function RequestChangesDialog({
  taskId,
  checklist,
  disabled,
}: {
  taskId: string;
  checklist: ChecklistItem[] | null;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [itemsError, setItemsError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const hasItems = Boolean(checklist && checklist.length > 0);
  const request = useTaskAction<{ item_ids: string[]; note: string }>({
    taskId,
    run: (body) => api.post<{ message?: string }>(taskPath(taskId, '/evidence/request-changes'), body),
    success: changesText.requested,
    failure: (error) => failureText(error, changesText.noteRequired),
    onSuccess: () => {
      setOpen(false);
      setPicked([]);
      setNote('');
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const parsed = schemas.requestChangesSchema.safeParse({ item_ids: picked, note });
    const noteProblem = parsed.success ? null : (schemas.fieldErrors(parsed.error).note ?? null);
    const itemsProblem = hasItems && picked.length === 0 ? changesText.itemsRequired : null;
    setNoteError(noteProblem);
    setItemsError(itemsProblem);
    if (noteProblem || itemsProblem || !parsed.success) return;
    request.mutate({ item_ids: parsed.data.item_ids, note: parsed.data.note });
  };

  const toggle = (id: string, on: boolean) => {
    setPicked((current) => (on ? [...current, id] : current.filter((kept) => kept !== id)));
    setItemsError(null);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          {changesText.requestButton}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate aria-label={changesText.dialogTitle}>
          <DialogHeader>
            <DialogTitle>{changesText.dialogTitle}</DialogTitle>
            <DialogDescription>{changesText.dialogDescription}</DialogDescription>
          </DialogHeader>
          {hasItems ? (
            <fieldset className="space-y-2" aria-describedby={itemsError ? 'request-changes-items-error' : undefined}>
              <legend className="text-sm font-medium">{changesText.itemsLegend}</legend>
              {checklist!.map((item) => (
                <Field key={item.id} label={item.label} orientation="horizontal">
                  <Checkbox checked={picked.includes(item.id)} onCheckedChange={(value) => toggle(item.id, value === true)} />
                </Field>
              ))}
              {itemsError ? (
                <p id="request-changes-items-error" className="text-sm text-destructive" role="alert">
                  {itemsError}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <Field label={changesText.noteLabel} error={noteError} required>
            <Textarea
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteError(null);
              }}
              rows={4}
              maxLength={CHANGE_REQUESTS.noteMaxLength}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {changesText.cancel}
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {changesText.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
