import { useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Camera } from 'lucide-react';
import { AVATAR } from '@shared/constants';
import { messages } from '@shared/messages';
import type { AvatarUploadResponse } from '@shared/schemas/expert-onboarding.schemas';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { api, ApiError } from '@web/lib/api';
import { meQueryKey } from '@web/lib/session';

/** A first check for quick feedback (declared type and size); the server decides by content. */
export function avatarProblem(file: File): string | null {
  if (file.size > AVATAR.maxBytes) return messages.avatar.tooLarge;
  if (!(AVATAR.allowedTypes as readonly string[]).includes(file.type)) return messages.avatar.invalidType;
  return null;
}

/** The profile picture with a "Change photo" button; pictures are public (shown next to the name). */
export function AvatarUpload({ src, name }: { src: string | null; name: string }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    const form = new FormData();
    form.set('avatar', file);
    setProgress(0);
    try {
      await api.upload<AvatarUploadResponse>('/api/me/avatar', form, setProgress);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success(messages.avatar.uploaded);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status < 500 && error.status > 0 ? error.message : messages.avatar.uploadFailed);
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="flex items-center gap-4">
      <Avatar src={src} name={name} className="size-16 text-lg" />
      <div className="grid gap-2">
        <input
          ref={input}
          id="avatar-file"
          type="file"
          accept={AVATAR.allowedTypes.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile picture file"
          onChange={upload}
        />
        <Button type="button" variant="outline" size="sm" className="w-fit" disabled={progress !== null} onClick={() => input.current?.click()}>
          <Camera aria-hidden="true" />
          {src ? 'Change photo' : 'Upload photo'}
        </Button>
        <p className="text-xs text-muted-foreground">JPG, PNG or WebP, at most 5 MB. Your photo is visible to other users.</p>
        {progress !== null ? <Progress value={Math.round(progress * 100)} label="Uploading photo" className="w-40" /> : null}
      </div>
    </div>
  );
}
