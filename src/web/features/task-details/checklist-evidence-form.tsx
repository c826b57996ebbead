import { useState, type FormEvent } from 'react';
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { EVIDENCE } from '@shared/constants';
import { missingRequiredItems, type ChecklistItem } from '@shared/domain/checklist';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Progress } from '@web/components/ui/progress';
import { Textarea } from '@web/components/ui/textarea';
import { api } from '@web/lib/api';
import { useRuleText } from '@web/lib/rule-texts';
import { failureText, taskPath, useTaskAction } from './task-query';
import { uploadVideo } from './video-upload-client';
import { addFiles, ChosenFileList, screenItemFiles, VIDEO_TYPES } from './evidence-file-list';
import { countText } from '@shared/plural';
import { firstUserMessages as firstUserText } from '@shared/messages/first-user';

const detailsText = messages.taskPages.details;

interface VideoState {
  name: string;
  percent: number;
  state: 'uploading' | 'done' | 'failed';
}

/** The video's own bar, under its checklist item: a 200 MB clip takes a while, and the expert sees which one moves. */
function VideoProgress({ video }: { video: VideoState }) {
  const text =
    video.state === 'done'
      ? format(evidenceTrustText.uploadDone, { name: video.name })
      : video.state === 'failed'
        ? format(evidenceTrustText.uploadStopped, { name: video.name, percent: video.percent })
        : format(evidenceTrustText.uploadProgress, { name: video.name, percent: video.percent });
  return (
    <div className="mt-2 space-y-1" data-testid="video-progress">
      <Progress value={video.percent} label={format(evidenceTrustText.uploadVideoLabel, { name: video.name })} />
      <p className={video.state === 'failed' ? 'text-xs break-words text-destructive' : 'text-xs break-words text-muted-foreground'} aria-live="polite">
        {text}
      </p>
    </div>
  );
}

/**
 * The expert walks the checklist item by item: each item has its own picker that opens the camera on
 * a phone (`capture`), photos or video as the item asks. Submitting needs every required item.
 */
export function ChecklistEvidenceForm({
  taskId,
  checklist,
  path = '/evidence',
  title,
}: {
  taskId: string;
  checklist: ChecklistItem[];
  path?: string;
  title?: string;
}) {
  const [notes, setNotes] = useState('');
  const [files, setFiles] = useState<Record<string, File[]>>({});
  const [notesError, setNotesError] = useState<string | null>(null);
  const [itemsError, setItemsError] = useState<string | null>(null);
  // Files an item refused (a photo in a video slot, a file too large), shown under that item.
  const [refused, setRefused] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [videos, setVideos] = useState<Record<string, VideoState>>({});
  const showVideo = (itemId: string, state: VideoState) => setVideos((current) => ({ ...current, [itemId]: state }));
  const ruleText = useRuleText();
  const upload = useTaskAction<{ notes: string; files: Record<string, File[]> }>({
    taskId,
    run: async ({ notes: completionNotes, files: chosen }) => {
      const form = new FormData();
      form.append('completion_notes', completionNotes);
      // Videos go first through the resumable protocol (up to 200 MB, parts retried, resumed on the next
      // submit); the submission then names each finished upload. Photos travel in the form itself.
      for (const item of checklist) {
        for (const file of chosen[item.id] ?? []) {
          if (item.kind === 'video') {
            showVideo(item.id, { name: file.name, percent: 0, state: 'uploading' });
            const reference = await uploadVideo(taskId, item.id, file, (fraction) =>
              showVideo(item.id, { name: file.name, percent: Math.floor(fraction * 100), state: 'uploading' }),
            ).catch((error: unknown) => {
              setVideos((current) => ({ ...current, [item.id]: { ...current[item.id]!, state: 'failed' } }));
              throw error;
            });
            showVideo(item.id, { name: file.name, percent: 100, state: 'done' });
            form.append(`item.${item.id}`, reference);
          } else {
            form.append(`item.${item.id}`, file, file.name);
          }
        }
      }
      // The bar below the form measures the submission itself (photos and notes), once the videos are in.
      setProgress(0);
      return api.upload<{ message?: string }>(taskPath(taskId, path), form, (fraction) => setProgress(Math.round(fraction * 100)));
    },
    success: ruleText(messages.evidence.submitted),
    failure: (error) => failureText(error, messages.evidence.submitFailed),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const { submitEvidenceSchema, fieldErrors } = schemas;
    const parsed = submitEvidenceSchema.safeParse({ completion_notes: notes });
    const notesProblem = parsed.success ? null : (fieldErrors(parsed.error).completion_notes ?? messages.evidence.notesRequired);
    const counts = Object.fromEntries(Object.entries(files).map(([id, list]) => [id, list.length]));
    const missing = missingRequiredItems(checklist, counts);
    const itemsProblem = missing.length ? format(evidenceTrustText.itemMissing, { items: missing.map((item) => item.label).join(', ') }) : null;
    setNotesError(notesProblem);
    setItemsError(itemsProblem);
    if (notesProblem || itemsProblem || !parsed.success) return;
    upload.mutate({ notes: parsed.data.completion_notes, files }, { onSettled: () => setProgress(null) });
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
          <ol className="space-y-3" aria-label={evidenceTrustText.checklistTitle}>
            {checklist.map((item) => {
              const chosen = files[item.id] ?? [];
              const inputId = `evidence-item-${item.id}`;
              return (
                <li key={item.id} className="rounded-md border p-3" data-testid={`checklist-item-${item.id}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <label htmlFor={inputId} className="text-sm font-medium">
                      {item.label}
                    </label>
                    <Badge variant="secondary">{item.kind === 'video' ? evidenceTrustText.kindVideo : evidenceTrustText.kindPhoto}</Badge>
                    <Badge variant={item.required ? 'warning' : 'outline'}>{item.required ? evidenceTrustText.checklistRequired : evidenceTrustText.checklistOptional}</Badge>
                  </div>
                  <input
                    id={inputId}
                    type="file"
                    multiple
                    capture="environment"
                    // A file changed mid-upload would not be the one the parts came from.
                    disabled={upload.isPending}
                    accept={item.kind === 'video' ? VIDEO_TYPES.join(',') : EVIDENCE.allowedTypes.join(',')}
                    aria-describedby={refused[item.id]?.length ? `${inputId}-refused` : undefined}
                    // The browser's own "No file chosen" beside a chosen file misleads: its text is
                    // hidden, the button stays, and the list and count below say what is chosen.
                    className="mt-2 block w-full text-sm text-transparent file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground"
                    onChange={(event) => {
                      // `accept` is only a hint to the picker: a file of the wrong kind is refused here by name.
                      const { accepted, errors } = screenItemFiles(item, Array.from(event.target.files ?? []));
                      setFiles((current) => ({ ...current, [item.id]: addFiles(current[item.id] ?? [], accepted) }));
                      setRefused((current) => ({ ...current, [item.id]: errors }));
                      setItemsError(null);
                      // Cleared, so that choosing the same file again after removing it fires a change.
                      event.target.value = '';
                    }}
                  />
                  {refused[item.id]?.length ? (
                    <p id={`${inputId}-refused`} className="mt-1 text-xs text-destructive" role="alert">
                      {refused[item.id]!.join(' ')}
                    </p>
                  ) : null}
                  <ChosenFileList
                    files={chosen}
                    label={format(firstUserText.chosenFor, { label: item.label })}
                    disabled={upload.isPending}
                    onRemove={(file) =>
                      setFiles((current) => ({ ...current, [item.id]: (current[item.id] ?? []).filter((kept) => kept !== file) }))
                    }
                  />
                  <p className="mt-1 text-xs text-muted-foreground" aria-live="polite">
                    {chosen.length
                      ? countText(chosen.length, { one: firstUserText.fileChosenOne, other: firstUserText.filesChosen })
                      : evidenceTrustText.itemNoFiles}
                  </p>
                  {videos[item.id] ? <VideoProgress video={videos[item.id]!} /> : null}
                </li>
              );
            })}
          </ol>
          {itemsError ? (
            <p className="text-sm text-destructive" role="alert">
              {itemsError}
            </p>
          ) : null}
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
          {progress !== null ? <Progress value={progress} label={detailsText.uploadProgressLabel} /> : null}
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? detailsText.uploading : upload.isError && Object.values(videos).some((video) => video.state === 'failed') ? evidenceTrustText.uploadRetry : detailsText.submitEvidence}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
