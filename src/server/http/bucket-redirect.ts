import type { Context } from 'hono';
import type { FileStorage } from '../providers/storage';
import { contentDisposition } from './user-file';

/** How long a download URL from the bucket works: enough to follow the redirect, not to share it. */
export const BUCKET_URL_SECONDS = 60;

/**
 * With a store that serves files itself (S3), answers 302 to a presigned URL of `key`, so the bytes
 * never pass through this server's memory (decision 0434); null when the store cannot (the local
 * disk), and the route then answers with the file as before. Call it only after the route's own
 * authorization check: the URL is a bearer token for the file until it expires.
 */
export async function bucketRedirect(
  c: Context,
  storage: FileStorage,
  key: string,
  options: { disposition: 'inline' | 'attachment'; fileName?: string; now: Date },
): Promise<Response | null> {
  if (!storage.presignGet) return null;
  const url = await storage.presignGet(key, {
    expiresInSeconds: BUCKET_URL_SECONDS,
    now: options.now,
    disposition: contentDisposition(options.disposition, options.fileName),
  });
  return c.body(null, 302, {
    Location: url,
    'Cache-Control': 'private, no-store',
    // The signed query string is not sent on to the bucket's own links.
    'Referrer-Policy': 'no-referrer',
  });
}
