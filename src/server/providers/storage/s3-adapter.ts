import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListPartsCommand,
  UploadPartCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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

/**
 * The origin browsers PUT presigned parts to, for the Content-Security-Policy's connect-src: the
 * endpoint (path-style) when one is set, AWS's virtual-hosted and path-style hosts otherwise. The
 * bucket also needs a CORS rule allowing PUT from the product's origin (docs/decisions/0310).
 */
export function s3UploadOrigins(options: { bucket?: string; region?: string; endpoint?: string }): string[] {
  if (!options.bucket) return [];
  if (options.endpoint) return [new URL(options.endpoint).origin];
  const region = options.region ?? 'us-east-1';
  return [`https://${options.bucket}.s3.${region}.amazonaws.com`, `https://s3.${region}.amazonaws.com`];
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
  // Presigning happens offline (no request). Checksums stay off here: a checksum signed into the URL
  // would be the empty body's, and the browser's real part would then be refused.
  const presigner = new S3Client({
    ...s3ClientConfig(options),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
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
    async stat(key) {
      assertValidStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async stream(key, range) {
      assertValidStorageKey(key);
      try {
        const output = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return output.Body ? (output.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async startMultipart(key, { contentType }) {
      assertValidStorageKey(key);
      const output = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
      if (!output.UploadId) throw new Error('S3 returned no UploadId');
      return output.UploadId;
    },
    async putPart(key, uploadId, partNumber, bytes) {
      assertValidStorageKey(key);
      await client.send(
        new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: bytes, ContentLength: bytes.byteLength }),
      );
    },
    async completeMultipart(key, uploadId, partCount) {
      assertValidStorageKey(key);
      // S3 keeps each part's ETag: listing them spares the database from storing them (at most 25 parts).
      const listed = await client.send(new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, MaxParts: 1000 }));
      const parts = (listed.Parts ?? [])
        .filter((part) => (part.PartNumber ?? 0) >= 1 && (part.PartNumber ?? 0) <= partCount)
        .map((part) => ({ PartNumber: part.PartNumber, ETag: part.ETag }))
        .sort((a, b) => a.PartNumber! - b.PartNumber!);
      if (parts.length !== partCount) throw new Error(`S3 holds ${parts.length} of ${partCount} parts`);
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    },
    async listParts(key, uploadId) {
      assertValidStorageKey(key);
      try {
        const listed = await client.send(new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, MaxParts: 1000 }));
        return (listed.Parts ?? [])
          .map((part) => ({ partNumber: part.PartNumber ?? 0, size: part.Size ?? 0 }))
          .filter((part) => part.partNumber >= 1)
          .sort((a, b) => a.partNumber - b.partNumber);
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
    },
    async presignPart(key, uploadId, partNumber, { size, expiresInSeconds, now }) {
      assertValidStorageKey(key);
      // The length is signed too, so S3 itself refuses a part of another size.
      const command = new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: size });
      const url = await getSignedUrl(presigner, command, { expiresIn: expiresInSeconds, signingDate: now });
      return { url, headers: {} };
    },
    async presignGet(key, { expiresInSeconds, now, disposition }) {
      assertValidStorageKey(key);
      // The bucket answers with the object's stored type; the disposition and caching are signed in.
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: disposition,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(presigner, command, { expiresIn: expiresInSeconds, signingDate: now });
    },
    async abortMultipart(key, uploadId) {
      assertValidStorageKey(key);
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch((error: unknown) => {
        if (!isNotFound(error)) throw error;
      });
    },
  };
}
