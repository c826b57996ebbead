import { useEffect, useState } from 'react';
import { FileImage, FileVideo, X } from 'lucide-react';
import { evidenceFileErrors } from '@shared/domain/attachments';
import type { ChecklistItem } from '@shared/domain/checklist';
import { format } from '@shared/format-message';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import { firstUserMessages as firstUserText } from '@shared/messages/first-user';
import { Button } from '@web/components/ui/button';

/** The video types the resumable upload takes (the server checks them again by content). */
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

const isVideo = (file: File) => file.type.startsWith('video/');
const isImage = (file: File) => file.type.startsWith('image/');

/**
 * The files a checklist item takes, and a text for each it refuses (issue 52): a photo slot takes the
 * evidence photo types within 5 MB, a video slot MP4, MOV or WebM. A photo in a video slot, or a video
 * in a photo slot, is refused by name, so the expert knows which file went where.
 */
export function screenItemFiles(
  item: Pick<ChecklistItem, 'kind' | 'label'>,
  files: readonly File[],
): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of files) {
    if (item.kind === 'video') {
      if (isImage(file)) errors.push(format(firstUserText.photoInVideoSlot, { name: file.name, label: item.label }));
      else if (!(VIDEO_TYPES as readonly string[]).includes(file.type)) {
        errors.push(format(evidenceTrustText.videoTypeInvalid, { name: file.name }));
      } else accepted.push(file);
      continue;
    }
    if (isVideo(file)) {
      errors.push(format(firstUserText.videoInPhotoSlot, { name: file.name, label: item.label }));
      continue;
    }
    const problems = evidenceFileErrors([file]);
    if (problems.length) errors.push(...problems);
    else accepted.push(file);
  }
  return { accepted, errors };
}

/** Adds newly chosen files to those already chosen, once each (a file picked twice is kept once). */
export function addFiles(current: readonly File[], chosen: readonly File[]): File[] {
  const key = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;
  const seen = new Set(current.map(key));
  return [...current, ...chosen.filter((file) => !seen.has(key(file)))];
}

/** A small preview of a chosen file, from a local object URL freed when the preview goes. */
function Thumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  const box = 'size-14 shrink-0 rounded-md border bg-muted object-cover';
  if (url && isImage(file)) return <img src={url} alt="" className={box} data-testid="file-thumbnail" />;
  // A video's first frame stands for it; `blob:` media is allowed by the page's CSP (media-src).
  if (url && isVideo(file)) return <video src={url} muted preload="metadata" className={box} data-testid="file-thumbnail" aria-hidden="true" />;
  const Icon = isVideo(file) ? FileVideo : FileImage;
  return (
    <span className={`${box} flex items-center justify-center`} data-testid="file-thumbnail">
      <Icon aria-hidden="true" className="size-6 text-muted-foreground" />
    </span>
  );
}

/** The chosen files with a thumbnail each and a Remove button, before anything is sent. */
export function ChosenFileList({
  files,
  onRemove,
  disabled = false,
  label,
}: {
  files: readonly File[];
  onRemove: (file: File) => void;
  disabled?: boolean;
  label: string;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
      {files.map((file) => (
        <li key={`${file.name}|${file.size}|${file.lastModified}`} className="flex max-w-full items-center gap-2 rounded-md border p-1 pr-2">
          <Thumbnail file={file} />
          <span className="min-w-0 max-w-40 truncate text-xs" title={file.name}>
            {file.name}
          </span>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-7"
            disabled={disabled}
            onClick={() => onRemove(file)}
            aria-label={format(firstUserText.removeFile, { name: file.name })}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

