export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Private file storage: S3 (or a compatible service) in production, the local disk otherwise.
 * Nothing stored here has a public URL; the owning module's routes decide who may read a file.
 */
export interface FileStorage {
  /** Writes or replaces the file at `key`. */
  put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Size and type without reading the bytes, or null when there is no file. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /** The bytes `start..end` (inclusive; the whole file without a range) as a stream, or null when there is no file. */
  stream(key: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null>;
  /**
   * Multipart writes for large files (videos up to 200 MB): start, then parts numbered from 1 in any
   * order (a part written again replaces itself), then complete, which joins parts 1..partCount into `key`.
   * S3 uses its multipart upload; the local disk keeps the parts in a folder and joins them by streaming.
   */
  startMultipart(key: string, options: { contentType: string }): Promise<string>;
  putPart(key: string, uploadId: string, partNumber: number, bytes: Uint8Array): Promise<void>;
  completeMultipart(key: string, uploadId: string, partCount: number): Promise<void>;
  /** Drops the parts of an upload that will not be completed; a missing upload is not an error. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** The parts an open multipart upload holds, with their sizes (a resume, and the check before completing). */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /**
   * Where the browser itself sends a part (S3: a presigned UploadPart URL, signed for this key, upload,
   * part number and exact size, valid `expiresInSeconds` from `now`). Absent when every part travels
   * through the server (the local disk).
   */
  presignPart?(key: string, uploadId: string, partNumber: number, options: PresignPartOptions): Promise<PresignedPart>;
  /**
   * A short-lived URL the browser downloads the file from, straight from the store (S3: a presigned
   * GetObject answering with `disposition` as Content-Disposition), given only after the route's own
   * authorization. Absent when files are served by the server itself (the local disk streams them).
   */
  presignGet?(key: string, options: { expiresInSeconds: number; now: Date; disposition: string }): Promise<string>;
}

export interface StoredPart {
  partNumber: number;
  size: number;
}

export interface PresignPartOptions {
  size: number;
  expiresInSeconds: number;
  now: Date;
}

/** A part the browser PUTs straight to the store, with exactly these headers. */
export interface PresignedPart {
  url: string;
  headers: Record<string, string>;
}

export type FileStorageAdapter = FileStorage & { readonly kind: 's3' | 'local' };

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export const STORAGE_KEY_MAX_LENGTH = 512;
/** A segment starts with a letter or digit, so `.`, `..` and hidden names are impossible. */
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Keys are `/`-separated segments of `[A-Za-z0-9._-]`: no `..`, no absolute paths, no backslashes,
 * no empty segments. Both adapters enforce the same rule so a key valid in development is valid in production.
 */
export function isValidStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > STORAGE_KEY_MAX_LENGTH) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment));
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}
