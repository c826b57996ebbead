import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

/**
 * Boundary data the map draws with no outside service: world-atlas country shapes (the offline
 * base map) and us-atlas states ("States with Experts"), both TopoJSON from installed packages.
 */
export const STATIC_DATA_FILES = {
  'world-countries.json': 'world-atlas/countries-110m.json',
  'us-states.json': 'us-atlas/states-10m.json',
} as const;

export type StaticDataName = keyof typeof STATIC_DATA_FILES;

export interface StaticDataFile {
  body: string;
  /** The same body gzipped once, for clients that accept it (the app has no compression layer). */
  gzipped: Uint8Array<ArrayBuffer>;
  etag: string;
}

const require = createRequire(import.meta.url);
const loaded = new Map<StaticDataName, Promise<StaticDataFile>>();

export const isStaticDataName = (name: string): name is StaticDataName =>
  Object.hasOwn(STATIC_DATA_FILES, name);

/** The file's text and a content hash, read once per process. */
export function loadStaticData(name: StaticDataName): Promise<StaticDataFile> {
  let file = loaded.get(name);
  if (!file) {
    file = readFile(require.resolve(STATIC_DATA_FILES[name]), 'utf8')
      .then((body) => ({
        body,
        gzipped: new Uint8Array(gzipSync(body, { level: 9 })),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      }))
      .catch((error: unknown) => {
        loaded.delete(name); // let a later request retry
        throw error;
      });
    loaded.set(name, file);
  }
  return file;
}
