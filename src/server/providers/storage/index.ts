import type { FileStorageAdapter } from './file-storage';
import { createLocalDiskFileStorage } from './local-disk-adapter';
import { createS3FileStorage } from './s3-adapter';

export {
  InvalidStorageKeyError,
  STORAGE_KEY_MAX_LENGTH,
  assertValidStorageKey,
  isValidStorageKey,
  type FileStorage,
  type FileStorageAdapter,
  type PresignedPart,
  type PresignPartOptions,
  type StoredPart,
  type StoredFile,
} from './file-storage';
export { FILE_NAME_MAX_LENGTH, sanitizeFileName, storageKey } from './storage-keys';
export { createLocalDiskFileStorage } from './local-disk-adapter';
export { createS3FileStorage, s3ClientConfig, s3UploadOrigins, type S3FileStorageOptions } from './s3-adapter';

export interface CreateFileStorageOptions {
  /** DATA_DIR: the local disk adapter keeps files under `{dataDir}/uploads`. */
  dataDir: string;
  /** S3_BUCKET: S3 when set (with the access keys), the local disk otherwise. */
  s3Bucket?: string;
  s3Region?: string;
  s3Endpoint?: string;
  s3AccessKeyId?: string;
  s3SecretAccessKey?: string;
}

export function createFileStorage(options: CreateFileStorageOptions): FileStorageAdapter {
  if (!options.s3Bucket) return createLocalDiskFileStorage({ dataDir: options.dataDir });
  if (!options.s3AccessKeyId || !options.s3SecretAccessKey) {
    throw new Error('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return createS3FileStorage({
    bucket: options.s3Bucket,
    region: options.s3Region,
    endpoint: options.s3Endpoint,
    accessKeyId: options.s3AccessKeyId,
    secretAccessKey: options.s3SecretAccessKey,
  });
}
