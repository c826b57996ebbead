import type { FileStorage } from '../../providers/storage';
import { clientCopy } from '../documents/strip-metadata';

/** Where a stored photo's copy without metadata is kept, beside it (like its thumbnail). */
export const partyCopyKeyOf = (key: string) => `${key}.no-exif.jpg`;

/**
 * The key the parties' copy of a stored file can be served from by the bucket (decision 0434): the
 * file itself when it has no metadata to remove (anything but a JPEG), else its copy without EXIF,
 * written once, on the first view, and served from the bucket on every view after. Null when the
 * file is gone.
 */
export async function partyCopyKey(storage: FileStorage, key: string): Promise<string | null> {
  const stat = await storage.stat(key);
  if (!stat) return null;
  if (stat.contentType !== 'image/jpeg') return key;
  const copyKey = partyCopyKeyOf(key);
  if (await storage.stat(copyKey)) return copyKey;
  const original = await storage.get(key);
  if (!original) return null;
  await storage.put(copyKey, clientCopy(original.bytes, original.contentType), { contentType: original.contentType });
  return copyKey;
}
