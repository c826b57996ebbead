import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertValidStorageKey, type FileStorageAdapter } from './file-storage';

/** Metadata lives in a parallel tree; key segments cannot start with a dot, so no key can reach it. */
const META_DIR = '.meta';

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
  };
}
