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
