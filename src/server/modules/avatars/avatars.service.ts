import { AVATAR } from '@shared/constants';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { checkUpload } from '../../lib/file-checks';
import { isValidStorageKey, storageKey, type FileStorage, type StoredFile } from '../../providers/storage';
import { findProfile, updateProfileFields } from '../profiles/profiles.repository';

/** Avatars are public by design (shown to other users); the URL names the stored key under the avatars prefix. */
export const AVATAR_URL_PREFIX = '/api/avatars/';

export const avatarUrlOf = (key: string) => `${AVATAR_URL_PREFIX}${key.slice(AVATAR.bucket.length + 1)}`;

/** The storage key behind one of our avatar URLs, or null for anything else (an outside URL, a bad path). */
export function avatarKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
  const key = `${AVATAR.bucket}/${url.slice(AVATAR_URL_PREFIX.length)}`;
  return isValidStorageKey(key) ? key : null;
}

export function createAvatarsService({ db, clock, storage }: { db: Db; clock: Clock; storage: FileStorage }) {
  return {
    /** Stores a new picture (JPEG, PNG or WebP by content, at most 5 MB) and points the profile at it. */
    async upload(userId: string, file: FormDataEntryValue | null): Promise<{ avatar_url: string }> {
      if (!(file instanceof File) || file.size === 0) throw badRequest(messages.avatar.required);
      if (file.size > AVATAR.maxBytes) throw new AppError('payload_too_large', messages.avatar.tooLarge);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const check = checkUpload(bytes, file.name, { allowed: AVATAR.allowedTypes, maxBytes: AVATAR.maxBytes });
      if (!check.ok) {
        throw check.reason === 'too_large'
          ? new AppError('payload_too_large', messages.avatar.tooLarge)
          : new AppError('unsupported_media_type', messages.avatar.invalidType);
      }
      const profile = await findProfile(db, userId);
      if (!profile) throw notFound(messages.profile.notFound);
      const now = clock.now();
      const key = storageKey(AVATAR.bucket, userId, check.fileName, now);
      const avatarUrl = avatarUrlOf(key);
      try {
        await storage.put(key, bytes, { contentType: check.contentType });
        await updateProfileFields(db, userId, { avatar_url: avatarUrl }, now);
      } catch (error) {
        // The profile does not point at the new file: remove it rather than leave it behind.
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      const previous = avatarKeyOf(profile.avatar_url);
      // The old picture is no longer referenced; a failed clean-up only leaves a stray file.
      if (previous && previous !== key) await storage.delete(previous).catch(() => undefined);
      return { avatar_url: avatarUrl };
    },

    async read(userId: string, fileName: string): Promise<StoredFile> {
      const key = `${AVATAR.bucket}/${userId}/${fileName}`;
      if (!isValidStorageKey(key)) throw notFound(messages.common.notFound);
      const file = await storage.get(key);
      if (!file) throw notFound(messages.common.notFound);
      return file;
    },
  };
}

export type AvatarsService = ReturnType<typeof createAvatarsService>;
