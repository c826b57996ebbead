import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3 on loopback for tests of the S3 storage adapter and of presigned part uploads: path-style
 * buckets, CreateMultipartUpload, UploadPart (through the SDK, or by a presigned URL whose SigV4
 * signature, path, query and expiry are checked), ListParts, CompleteMultipartUpload, AbortMultipartUpload,
 * PutObject, GetObject (with Range), HeadObject and DeleteObject. A part whose body ends before its
 * Content-Length (a dropped connection) is not stored, as S3 does.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Object keys currently stored, and the open multipart uploads' ids. */
  objectKeys(): string[];
  openUploads(): string[];
  /** What the stand-in refused, newest last (status and S3 error code), for assertions. */
  refusals: Array<{ status: number; code: string }>;
  close(): Promise<void>;
}

interface Upload {
  key: string;
  contentType: string;
  parts: Map<number, Uint8Array>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const etagOf = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`;
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
/** RFC 3986 encoding, as SigV4 canonicalises query strings. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The SigV4 signature of a presigned request, computed the way S3 does, for comparison with the URL's. */
function presignedSignature(req: IncomingMessage, url: URL, secret: string): string {
  const query = [...url.searchParams.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = url.searchParams.get('X-Amz-SignedHeaders') ?? '';
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const amzDate = url.searchParams.get('X-Amz-Date') ?? '';
  const [, date, region, service] = (url.searchParams.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date ?? ''), region ?? ''), service ?? ''), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

const amzDateOf = (text: string) =>
  new Date(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}Z`);

/** Reads the body; null when the connection ended before Content-Length bytes arrived. */
function readBody(req: IncomingMessage): Promise<Uint8Array | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let ended = false;
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      ended = true;
      const bytes = new Uint8Array(Buffer.concat(chunks));
      const declared = req.headers['content-length'];
      resolve(declared !== undefined && Number(declared) !== bytes.length ? null : bytes);
    });
    req.on('close', () => {
      if (!ended) resolve(null);
    });
    req.on('error', () => resolve(null));
  });
}

export async function startS3StandIn(options: { now?: () => Date } = {}): Promise<S3StandIn> {
  const now = options.now ?? (() => new Date());
  const bucket = 'evidence-test';
  const accessKeyId = 'STANDINKEY';
  const secretAccessKey = 'stand-in-secret';
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const uploads = new Map<string, Upload>();
  const refusals: S3StandIn['refusals'] = [];

  function error(res: ServerResponse, status: number, code: string) {
    refusals.push({ status, code });
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));
  }

  /** SDK calls carry an Authorization header for our key; browser parts carry a valid, unexpired presigned URL. */
  function authorized(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    const signature = url.searchParams.get('X-Amz-Signature');
    if (!signature) {
      if (String(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) return true;
      error(res, 403, 'AccessDenied');
      return false;
    }
    const issued = amzDateOf(url.searchParams.get('X-Amz-Date') ?? '');
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    if (Number.isNaN(issued.getTime()) || !Number.isFinite(expires) || now().getTime() > issued.getTime() + expires * 1000) {
      error(res, 403, 'AccessDenied');
      return false;
    }
    if (presignedSignature(req, url, secretAccessKey) !== signature) {
      error(res, 403, 'SignatureDoesNotMatch');
      return false;
    }
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (bucketName !== bucket || !key) return error(res, 404, 'NoSuchBucket');
    if (!authorized(req, res, url)) return;
    const uploadId = url.searchParams.get('uploadId');
    const upload = uploadId ? uploads.get(uploadId) : undefined;
    if (uploadId && (!upload || upload.key !== key)) return error(res, 404, 'NoSuchUpload');
    const method = req.method ?? 'GET';

    if (method === 'POST' && url.searchParams.has('uploads')) {
      const id = randomUUID();
      uploads.set(id, { key, contentType: String(req.headers['content-type'] ?? 'application/octet-stream'), parts: new Map() });
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`));
    }
    if (method === 'PUT' && upload) {
      const partNumber = Number(url.searchParams.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10000) return error(res, 400, 'InvalidArgument');
      const bytes = await readBody(req);
      if (!bytes) return error(res, 400, 'IncompleteBody');
      upload.parts.set(partNumber, bytes);
      res.writeHead(200, { etag: etagOf(bytes) });
      return res.end();
    }
    if (method === 'GET' && upload) {
      const parts = [...upload.parts.entries()]
        .sort(([a], [b]) => a - b)
        .map(([n, bytes]) => `<Part><PartNumber>${n}</PartNumber><ETag>${etagOf(bytes)}</ETag><Size>${bytes.length}</Size></Part>`)
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(xml(`<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>${parts}</ListPartsResult>`));
    }
    if (method === 'POST' && upload) {
      const body = Buffer.from((await readBody(req)) ?? new Uint8Array()).toString('utf8');
      const named = [...body.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
        n: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part!)?.[1]),
        etag: (/<ETag>([^<]*)<\/ETag>/.exec(part!)?.[1] ?? '').replace(/&quot;/g, '"'),
      }));
      const chosen = named.map(({ n, etag }) => {
        const bytes = upload.parts.get(n);
        return bytes && etagOf(bytes) === etag ? bytes : null;
      });
      if (named.length === 0 || chosen.some((bytes) => !bytes)) return error(res, 400, 'InvalidPart');
      objects.set(key, { bytes: new Uint8Array(Buffer.concat(chosen as Uint8Array[])), contentType: upload.contentType });
      uploads.delete(uploadId!);
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(xml(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`));
    }
    if (method === 'DELETE' && upload) {
      uploads.delete(uploadId!);
      res.writeHead(204);
      return res.end();
    }
    if (method === 'PUT') {
      const bytes = await readBody(req);
      if (!bytes) return error(res, 400, 'IncompleteBody');
      objects.set(key, { bytes, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag: etagOf(bytes) });
      return res.end();
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    const object = objects.get(key);
    if (method !== 'GET' && method !== 'HEAD') return error(res, 405, 'MethodNotAllowed');
    if (!object) {
      refusals.push({ status: 404, code: 'NoSuchKey' });
      res.writeHead(404, { 'content-type': 'application/xml' });
      return res.end(method === 'HEAD' ? undefined : xml('<Error><Code>NoSuchKey</Code><Message>NoSuchKey</Message></Error>'));
    }
    const size = object.bytes.length;
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    const start = range ? Number(range[1]) : 0;
    const end = range ? Math.min(range[2] ? Number(range[2]) : size - 1, size - 1) : size - 1;
    if (range && start >= size) return error(res, 416, 'InvalidRange');
    const headers: Record<string, string> = {
      'content-type': object.contentType,
      'content-length': String(end - start + 1),
      etag: etagOf(object.bytes),
      'accept-ranges': 'bytes',
    };
    if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    // A presigned GetObject may name the response's disposition and caching (signed with the rest).
    const disposition = url.searchParams.get('response-content-disposition');
    if (disposition) headers['content-disposition'] = disposition;
    const cacheControl = url.searchParams.get('response-cache-control');
    if (cacheControl) headers['cache-control'] = cacheControl;
    res.writeHead(range ? 206 : 200, headers);
    res.end(method === 'HEAD' ? undefined : Buffer.from(object.bytes.subarray(start, end + 1)));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) error(res, 500, 'InternalError');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objectKeys: () => [...objects.keys()],
    openUploads: () => [...uploads.keys()],
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
