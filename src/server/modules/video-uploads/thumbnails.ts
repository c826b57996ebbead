import type { FileStorage, StoredFile } from '../../providers/storage';

/**
 * Evidence thumbnails (issue 20): lists and galleries load a small WebP instead of the full photo,
 * which stays available at full size. One thumbnail per stored file, written next to it under
 * `<key>.thumb.webp` when the evidence is stored (or on the first read of older evidence), so it is
 * generated once. A video's thumbnail is its poster frame (see video-uploads/poster.ts).
 */
export const THUMBNAIL_MAX_SIDE = 480;
export const THUMBNAIL_TYPE = 'image/webp';

export const thumbnailKeyOf = (key: string) => `${key}.thumb.webp`;

/** sharp is native and large: loaded on the first thumbnail, like pdf-lib for the report. */
const loadSharp = async () => (await import('sharp')).default;

/**
 * A WebP at most 480 px on its longer side, turned upright by its EXIF orientation. sharp writes no
 * metadata unless asked, so the thumbnail carries no GPS or device tags for anyone.
 */
export async function makeThumbnail(bytes: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const out = await sharp(bytes, { limitInputPixels: 100_000_000, animated: false })
    .rotate()
    .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * Writes the thumbnails of freshly stored images; returns the keys written. An image sharp cannot
 * decode (its header passed the content check but the pixels are broken) simply gets none: the
 * evidence still goes through, and the read route answers 404 for that thumbnail.
 */
export async function storeThumbnails(
  storage: FileStorage,
  files: { key: string; bytes: Uint8Array; contentType: string }[],
): Promise<string[]> {
  const written = await Promise.all(
    files.map(async (file) => {
      if (!file.contentType.startsWith('image/')) return null;
      try {
        const thumbnail = await makeThumbnail(file.bytes);
        await storage.put(thumbnailKeyOf(file.key), thumbnail, { contentType: THUMBNAIL_TYPE });
        return thumbnailKeyOf(file.key);
      } catch {
        return null;
      }
    }),
  );
  return written.filter((key): key is string => key !== null);
}

/**
 * The stored thumbnail of `key`; for an image stored before thumbnails existed, it is made from the
 * original now and kept. Null when there is none to give (a video without a poster, a broken image).
 */
export async function thumbnailFor(storage: FileStorage, key: string): Promise<StoredFile | null> {
  const stored = await storage.get(thumbnailKeyOf(key));
  if (stored) return stored;
  const original = await storage.get(key);
  if (!original || !original.contentType.startsWith('image/')) return null;
  const [written] = await storeThumbnails(storage, [{ key, bytes: original.bytes, contentType: original.contentType }]);
  return written ? storage.get(written) : null;
}

/**
 * A video's poster frame as JPEG, for the report PDF (pdf-lib embeds JPEG and PNG, thumbnails are
 * WebP). Null when the video has no poster.
 */
export async function videoFrameJpeg(storage: FileStorage, key: string): Promise<Uint8Array | null> {
  const stored = await storage.get(thumbnailKeyOf(key));
  if (!stored) return null;
  try {
    const sharp = await loadSharp();
    const out = await sharp(stored.bytes).jpeg({ quality: 80 }).toBuffer();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch {
    return null;
  }
}
