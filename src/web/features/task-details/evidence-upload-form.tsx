import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { EVIDENCE } from '@shared/constants';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { evidenceFileErrors } from '@shared/domain/attachments';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Progress } from '@web/components/ui/progress';
import { Textarea } from '@web/components/ui/textarea';
import { api } from '@web/lib/api';
import { useRuleText } from '@web/lib/rule-texts';
import { failureText, taskPath, useTaskAction } from './task-query';
import { ChecklistEvidenceForm } from './checklist-evidence-form';
import { useEvidenceItems } from '@web/components/evidence/evidence-items-query';
import { addFiles, ChosenFileList } from './evidence-file-list';

const detailsText = messages.taskPages.details;

/** The files that pass the per-file checks, and the spec's text for each one that does not. */
export function screenFiles(files: readonly File[]): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const problems = evidenceFileErrors([file]);
    if (problems.length === 0) accepted.push(file);
    else errors.push(...problems);
  }
  return { accepted, errors };
}

/** The assigned expert's evidence: completion notes and at least one photo of at most 5MB each, with upload progress. */
export function EvidenceUploadForm({ onlyItems, ...props }: { taskId: string; path?: string; title?: string; onlyItems?: readonly string[] }) {
  // A task with a checklist is walked item by item (issue 20); the rest keep the free upload.
  const items = useEvidenceItems(props.taskId);
  const all = items.data?.checklist;
  // A re-delivery (issue 50) walks only the items the client asked about, each of them required.
  const checklist =
    all && onlyItems?.length ? all.filter((item) => onlyItems.includes(item.id)).map((item) => ({ ...item, required: true })) : all;
  if (checklist && checklist.length > 0) return <ChecklistEvidenceForm {...props} checklist={checklist} />;
  return <FreeEvidenceForm {...props} />;
}

function FreeEvidenceForm({ taskId, path = '/evidence', title }: { taskId: string; path?: string; title?: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [notes, setNotes] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [notesError, setNotesError] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const ruleText = useRuleText();
  const upload = useTaskAction<{ notes: string; files: File[] }>({
    taskId,
    run: ({ notes: completionNotes, files: chosen }) => {
      const form = new FormData();
      form.append('completion_notes', completionNotes);
      chosen.forEach((file) => form.append('files', file, file.name));
      setProgress(0);
      return api.upload<{ message?: string }>(taskPath(taskId, path), form, (fraction) =>
        setProgress(Math.round(fraction * 100)),
      );
    },
    success: ruleText(messages.evidence.submitted),
    failure: (error) => failureText(error, messages.evidence.submitFailed),
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const { accepted, errors } = screenFiles(Array.from(event.target.files ?? []));
    setFiles((current) => addFiles(current, accepted));
    setFileErrors(errors);
    // Cleared, so that choosing the same file again after removing it fires a change (issue 52).
    event.target.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const { submitEvidenceSchema, fieldErrors } = schemas;
    const parsed = submitEvidenceSchema.safeParse({ completion_notes: notes });
    const notesProblem = parsed.success
      ? null
      : (fieldErrors(parsed.error).completion_notes ?? messages.evidence.notesRequired);
    const problems = evidenceFileErrors(
      files.map((file) => ({ name: file.name, size: file.size, type: file.type })),
    );
    setNotesError(notesProblem);
    setFileErrors(problems);
    if (notesProblem || problems.length > 0 || !parsed.success) return;
    upload.mutate(
      { notes: parsed.data.completion_notes, files },
      {
        onSettled: () => setProgress(null),
        onSuccess: () => {
          setNotes('');
          setFiles([]);
          if (inputRef.current) inputRef.current.value = '';
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title ?? detailsText.submitEvidenceTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-label={detailsText.submitEvidenceTitle}>
          <Field label={detailsText.completionNotes} error={notesError} required id="evidence-notes">
            <Textarea
              rows={4}
              value={notes}
              onChange={(event) => {
                setNotes(event.target.value);
                setNotesError(null);
              }}
            />
          </Field>
          <Field
            label={detailsText.evidenceFilesLabel}
            error={fileErrors.length > 0 ? fileErrors.join(' ') : null}
            required
            id="evidence-files"
            description={detailsText.evidenceFilesHint}
          >
            <Input
              ref={inputRef}
              type="file"
              multiple
              capture="environment"
              accept={EVIDENCE.allowedTypes.join(',')}
              onChange={choose}
              // The list below says what is chosen; the browser's "No file chosen" beside it would not.
              className="text-transparent"
            />
          </Field>
          <ChosenFileList
            files={files}
            label={detailsText.evidenceFilesLabel}
            disabled={upload.isPending}
            onRemove={(file) => setFiles((current) => current.filter((kept) => kept !== file))}
          />
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {files.length > 0
              ? `${format(detailsText.selectedFiles, { count: files.length })}: ${files.map((file) => file.name).join(', ')}`
              : ''}
          </p>
          {progress !== null ? <Progress value={progress} label={detailsText.uploadProgressLabel} /> : null}
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? detailsText.uploading : detailsText.submitEvidence}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
