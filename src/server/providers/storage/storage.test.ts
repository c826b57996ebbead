import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileStorage, InvalidStorageKeyError, type FileStorage } from './index';
import { createLocalDiskFileStorage } from './local-disk-adapter';
import { createS3FileStorage, s3ClientConfig } from './s3-adapter';

const bytesOf = (text: string) => new TextEncoder().encode(text);
const createdDirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-test-'));
  createdDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of createdDirs) rmSync(dir, { recursive: true, force: true });
});
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

/** A stand-in S3 `send`: keeps objects in a map and records every command. */
function inMemoryS3() {
  const objects = new Map<string, { body: Uint8Array; contentType?: string }>();
  const commands: unknown[] = [];
  const send = async (command: unknown) => {
    commands.push(command);
    if (command instanceof PutObjectCommand) {
      objects.set(`${command.input.Bucket}/${command.input.Key}`, {
        body: new Uint8Array(command.input.Body as Uint8Array),
        contentType: command.input.ContentType,
      });
      return {};
    }
    if (command instanceof GetObjectCommand) {
      const object = objects.get(`${command.input.Bucket}/${command.input.Key}`);
      if (!object)
        throw Object.assign(new Error('The specified key does not exist.'), {
          name: 'NoSuchKey',
          $metadata: { httpStatusCode: 404 },
        });
      return {
        ContentType: object.contentType,
        Body: { transformToByteArray: async () => new Uint8Array(object.body) },
      };
    }
    if (command instanceof DeleteObjectCommand) {
      objects.delete(`${command.input.Bucket}/${command.input.Key}`);
      return {};
    }
    throw new Error('unexpected command');
  };
  return { client: { send } as unknown as Pick<S3Client, 'send'>, commands, objects };
}

const adapters: Array<[string, () => FileStorage]> = [
  ['local disk', () => createLocalDiskFileStorage({ dataDir: freshDataDir() })],
  [
    's3',
    () => createS3FileStorage({ bucket: 'private-bucket', ...credentials, client: inMemoryS3().client }),
  ],
];

describe.each(adapters)('FileStorage contract: %s', (_name, make) => {
  it('returns what was put, with its content type', async () => {
    const storage = make();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 1, 2]);
    await storage.put('evidence/u1/1_photo.png', bytes, { contentType: 'image/png' });
    const file = await storage.get('evidence/u1/1_photo.png');
    expect(file?.contentType).toBe('image/png');
    expect(file?.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(file!.bytes)).toEqual(Array.from(bytes));
  });

  it('replaces a file put twice', async () => {
    const storage = make();
    await storage.put('a/b.txt', bytesOf('one'), { contentType: 'text/plain' });
    await storage.put('a/b.txt', bytesOf('two!'), { contentType: 'application/pdf' });
    const file = await storage.get('a/b.txt');
    expect(new TextDecoder().decode(file!.bytes)).toBe('two!');
    expect(file!.contentType).toBe('application/pdf');
  });

  it('returns null for a missing file, and after delete; deleting twice is fine', async () => {
    const storage = make();
    expect(await storage.get('nothing/here.pdf')).toBeNull();
    await storage.put('x/y.pdf', bytesOf('%PDF-'), { contentType: 'application/pdf' });
    await storage.delete('x/y.pdf');
    expect(await storage.get('x/y.pdf')).toBeNull();
    await expect(storage.delete('x/y.pdf')).resolves.toBeUndefined();
  });

  it.each(['../outside.txt', '/etc/passwd', 'a/../../b', 'a\\..\\b', '.meta/a', 'a//b', ''])(
    'rejects the key %j in put, get and delete',
    async (key) => {
      const storage = make();
      await expect(storage.put(key, bytesOf('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );
});

describe('local disk storage', () => {
  it('keeps the bytes under DATA_DIR/uploads and the content type beside them', async () => {
    const dataDir = freshDataDir();
    const storage = createLocalDiskFileStorage({ dataDir });
    await storage.put('chat/u1/1_doc.pdf', bytesOf('%PDF-1.7'), { contentType: 'application/pdf' });
    expect(readFileSync(join(dataDir, 'uploads/chat/u1/1_doc.pdf'), 'utf8')).toBe('%PDF-1.7');
    expect(JSON.parse(readFileSync(join(dataDir, 'uploads/.meta/chat/u1/1_doc.pdf.json'), 'utf8'))).toEqual({
      contentType: 'application/pdf',
      size: 8,
    });
    // No temporary files left behind.
    expect(readdirSync(join(dataDir, 'uploads/chat/u1'))).toEqual(['1_doc.pdf']);
  });

  it('writes nothing outside its root for a traversal attempt', async () => {
    const dataDir = freshDataDir();
    const storage = createLocalDiskFileStorage({ dataDir });
    await expect(
      storage.put('../escaped.txt', bytesOf('x'), { contentType: 'text/plain' }),
    ).rejects.toThrow();
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('S3 storage', () => {
  it('sends PutObject, GetObject and DeleteObject for the bucket and key, with the content type', async () => {
    const s3 = inMemoryS3();
    const storage = createS3FileStorage({ bucket: 'private-bucket', ...credentials, client: s3.client });
    await storage.put('evidence/u1/1_a.png', bytesOf('png'), { contentType: 'image/png' });
    await storage.get('evidence/u1/1_a.png');
    await storage.delete('evidence/u1/1_a.png');
    const [put, get, del] = s3.commands as [PutObjectCommand, GetObjectCommand, DeleteObjectCommand];
    expect(put).toBeInstanceOf(PutObjectCommand);
    expect(put.input).toMatchObject({
      Bucket: 'private-bucket',
      Key: 'evidence/u1/1_a.png',
      ContentType: 'image/png',
      ContentLength: 3,
    });
    // Private: no ACL is ever set.
    expect(put.input).not.toHaveProperty('ACL');
    expect(get).toBeInstanceOf(GetObjectCommand);
    expect(get.input).toEqual({ Bucket: 'private-bucket', Key: 'evidence/u1/1_a.png' });
    expect(del).toBeInstanceOf(DeleteObjectCommand);
    expect(del.input).toEqual({ Bucket: 'private-bucket', Key: 'evidence/u1/1_a.png' });
  });

  it('rethrows errors other than a missing key', async () => {
    const failing = {
      send: async () => Promise.reject(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' })),
    };
    const storage = createS3FileStorage({
      bucket: 'b',
      ...credentials,
      client: failing as unknown as Pick<S3Client, 'send'>,
    });
    await expect(storage.get('a/b')).rejects.toThrow('Access Denied');
  });

  /** A real S3Client whose HTTP layer is replaced: shows the wire requests for an S3_ENDPOINT setup. */
  function clientWithFakeHttp(
    answer: (request: { method: string; path: string; headers: Record<string, string> }) => {
      statusCode: number;
      headers?: Record<string, string>;
      body?: string;
    },
  ) {
    const requests: Array<{
      method: string;
      hostname: string;
      port?: number;
      path: string;
      headers: Record<string, string>;
    }> = [];
    // The adapter's own client settings for an S3_ENDPOINT, with the network swapped out.
    const client = new S3Client({
      ...s3ClientConfig({ region: 'eu-central-1', endpoint: 'http://localhost:9000', ...credentials }),
      requestHandler: {
        handle: async (request: {
          method: string;
          hostname: string;
          port?: number;
          path: string;
          headers: Record<string, string>;
        }) => {
          requests.push(request);
          const reply = answer(request);
          return {
            response: {
              statusCode: reply.statusCode,
              headers: reply.headers ?? {},
              body: Readable.from([Buffer.from(reply.body ?? '')]),
            },
          };
        },
      } as never,
    });
    return { client, requests };
  }

  it('talks path-style to S3_ENDPOINT and reads the object back', async () => {
    const http = clientWithFakeHttp((request) =>
      request.method === 'GET'
        ? {
            statusCode: 200,
            headers: { 'content-type': 'application/pdf', 'content-length': '8' },
            body: '%PDF-1.7',
          }
        : { statusCode: 200 },
    );
    const storage = createS3FileStorage({
      bucket: 'uploads',
      endpoint: 'http://localhost:9000',
      ...credentials,
      client: http.client,
    });
    await storage.put('docs/u1/1_a.pdf', bytesOf('%PDF-1.7'), { contentType: 'application/pdf' });
    const file = await storage.get('docs/u1/1_a.pdf');
    expect(http.requests[0]).toMatchObject({
      method: 'PUT',
      hostname: 'localhost',
      port: 9000,
      path: '/uploads/docs/u1/1_a.pdf',
    });
    expect(http.requests[0].headers['content-type']).toBe('application/pdf');
    expect(http.requests[0].headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\//,
    );
    // S3-compatible services often reject the SDK's default checksums, so none are sent to a custom endpoint.
    expect(Object.keys(http.requests[0].headers).filter((name) => name.startsWith('x-amz-checksum'))).toEqual(
      [],
    );
    expect(file?.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(file!.bytes)).toBe('%PDF-1.7');
  });

  it('turns NoSuchKey into null', async () => {
    const http = clientWithFakeHttp(() => ({
      statusCode: 404,
      headers: { 'content-type': 'application/xml' },
      body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
    }));
    const storage = createS3FileStorage({ bucket: 'uploads', ...credentials, client: http.client });
    expect(await storage.get('missing/key.pdf')).toBeNull();
  });
});

describe('createFileStorage', () => {
  it('uses S3 when S3_BUCKET is set and the local disk otherwise', () => {
    expect(createFileStorage({ dataDir: freshDataDir() }).kind).toBe('local');
    expect(
      createFileStorage({
        dataDir: freshDataDir(),
        s3Bucket: 'b',
        s3AccessKeyId: 'k',
        s3SecretAccessKey: 's',
        s3Endpoint: 'http://localhost:9000',
      }).kind,
    ).toBe('s3');
    expect(() => createFileStorage({ dataDir: freshDataDir(), s3Bucket: 'b' })).toThrow('S3_ACCESS_KEY_ID');
  });
});
