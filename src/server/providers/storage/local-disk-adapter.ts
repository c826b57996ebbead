import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { assertValidStorageKey, type FileStorageAdapter } from './file-storage';

/** Metadata lives in a parallel tree; key segments cannot start with a dot, so no key can reach it. */
const META_DIR = '.meta';
/** Multipart uploads in progress: one folder per upload id, one file per part. */
const PARTS_DIR = '.parts';
const UPLOAD_ID = /^[0-9a-f-]{36}$/;

interface FileMeta {
  contentType: string;
  size: number;
}

const isMissing = (error: unknown) =>
  (error as NodeJS.ErrnoException)?.code === 'ENOENT' || (error as NodeJS.ErrnoException)?.code === 'ENOTDIR';

/**
 * The embedded default: files under `{dataDir}/uploads/<key>`, each with its content type in
 * `{dataDir}/uploads/.meta/<key>.json`.
 */
export function createLocalDiskFileStorage({ dataDir }: { dataDir: string }): FileStorageAdapter {
  const root = resolve(dataDir, 'uploads');

  function pathsOf(key: string) {
    assertValidStorageKey(key);
    const file = resolve(root, ...key.split('/'));
    const meta = resolve(root, META_DIR, ...key.split('/')) + '.json';
    // Defence in depth: the key rule already keeps every path inside the root.
    if (!file.startsWith(root + sep) || !meta.startsWith(join(root, META_DIR) + sep)) {
      throw new Error('Storage path escaped its root');
    }
    return { file, meta };
  }

  /** Write-then-rename, so a reader never sees half a file. */
  async function writeAtomically(path: string, bytes: Uint8Array | string) {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  function partsDirOf(uploadId: string) {
    if (!UPLOAD_ID.test(uploadId)) throw new Error('Invalid multipart upload id');
    return join(root, PARTS_DIR, uploadId);
  }

  async function readMeta(key: string): Promise<FileMeta | null> {
    try {
      return JSON.parse(await readFile(pathsOf(key).meta, 'utf8')) as FileMeta;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'local',
    async put(key, bytes, { contentType }) {
      const { file, meta } = pathsOf(key);
      await writeAtomically(file, bytes);
      const metadata: FileMeta = { contentType, size: bytes.byteLength };
      await writeAtomically(meta, JSON.stringify(metadata));
    },
    async get(key) {
      const { file, meta } = pathsOf(key);
      try {
        const [metaText, bytes] = await Promise.all([readFile(meta, 'utf8'), readFile(file)]);
        const metadata = JSON.parse(metaText) as FileMeta;
        return { bytes: new Uint8Array(bytes), contentType: metadata.contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { file, meta } = pathsOf(key);
      await Promise.all([rm(file, { force: true }), rm(meta, { force: true })]);
    },
    async stat(key) {
      const metadata = await readMeta(key);
      return metadata ? { size: metadata.size, contentType: metadata.contentType } : null;
    },
    async stream(key, range) {
      if (!(await readMeta(key))) return null;
      const stream = createReadStream(pathsOf(key).file, range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async startMultipart(key, { contentType }) {
      pathsOf(key);
      const uploadId = randomUUID();
      await writeAtomically(join(partsDirOf(uploadId), 'upload.json'), JSON.stringify({ key, contentType }));
      return uploadId;
    },
    async putPart(key, uploadId, partNumber, bytes) {
      pathsOf(key);
      if (!Number.isInteger(partNumber) || partNumber < 1) throw new Error('Invalid part number');
      await writeAtomically(join(partsDirOf(uploadId), String(partNumber)), bytes);
    },
    async completeMultipart(key, uploadId, partCount) {
      const { file, meta } = pathsOf(key);
      const dir = partsDirOf(uploadId);
      const { contentType } = JSON.parse(await readFile(join(dir, 'upload.json'), 'utf8')) as { contentType: string };
      await mkdir(dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      // Part after part through one write stream: memory holds one chunk, never the whole video.
      const out = createWriteStream(temporary);
      let size = 0;
      try {
        for (let part = 1; part <= partCount; part += 1) {
          for await (const chunk of createReadStream(join(dir, String(part))) as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (!out.write(chunk)) await once(out, 'drain');
          }
        }
        await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
        await rename(temporary, file);
      } catch (error) {
        out.destroy();
        await rm(temporary, { force: true });
        throw error;
      }
      await writeAtomically(meta, JSON.stringify({ contentType, size } satisfies FileMeta));
      await rm(dir, { recursive: true, force: true });
    },
    async listParts(key, uploadId) {
      pathsOf(key);
      const dir = partsDirOf(uploadId);
      const names = await readdir(dir).catch((error: unknown) => {
        if (isMissing(error)) return [] as string[];
        throw error;
      });
      const parts = await Promise.all(
        names.filter((name) => /^[1-9]\d*$/.test(name)).map(async (name) => ({ partNumber: Number(name), size: (await stat(join(dir, name))).size })),
      );
      return parts.sort((a, b) => a.partNumber - b.partNumber);
    },
    async abortMultipart(_key, uploadId) {
      await rm(partsDirOf(uploadId), { recursive: true, force: true });
    },
  };
}
