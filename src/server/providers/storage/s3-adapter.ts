import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertValidStorageKey, type FileStorageAdapter } from './file-storage';

export interface S3FileStorageOptions {
  /** S3_BUCKET */
  bucket: string;
  /** S3_REGION; us-east-1 when unset (what most S3-compatible services expect). */
  region?: string;
  /** S3_ENDPOINT for S3-compatible services (MinIO, R2, ...): path-style addressing is used with it. */
  endpoint?: string;
  /** S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY */
  accessKeyId: string;
  secretAccessKey: string;
  /** A client to use instead of building one: tests pass a stub or a client with a fake request handler. */
  client?: Pick<S3Client, 'send'>;
}

export function s3ClientConfig(options: Omit<S3FileStorageOptions, 'bucket' | 'client'>): S3ClientConfig {
  return {
    region: options.region ?? 'us-east-1',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    ...(options.endpoint
      ? {
          endpoint: options.endpoint,
          forcePathStyle: true,
          // Many S3-compatible services reject the SDK's default CRC32 checksums; send them only when required.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  };
}

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return (
    failure?.name === 'NoSuchKey' ||
    failure?.name === 'NotFound' ||
    failure?.$metadata?.httpStatusCode === 404
  );
}

/** Production storage in a private S3 bucket: objects are written without ACLs and never served by URL. */
export function createS3FileStorage(options: S3FileStorageOptions): FileStorageAdapter {
  const client = options.client ?? new S3Client(s3ClientConfig(options));
  const Bucket = options.bucket;
  return {
    kind: 's3',
    async put(key, bytes, { contentType }) {
      assertValidStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      assertValidStorageKey(key);
      try {
        const output = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!output.Body) return null;
        const bytes = await output.Body.transformToByteArray();
        return { bytes, contentType: output.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
