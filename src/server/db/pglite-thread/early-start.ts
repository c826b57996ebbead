import { PgliteThreadClient, type PgliteThreadOptions } from './client';

/**
 * The compiled server's entry (src/server/launch.ts) starts PGlite's worker before it loads the
 * server's modules, so that PGlite opens while they load (decision 0102). The launcher and the
 * server are separate bundles, so the hand-over goes through a global registry key.
 */
const KEY = Symbol.for('pglite-thread.early-start');

interface EarlyStart {
  dataDir: string;
  client: PgliteThreadClient;
}

type Registry = { [KEY]?: EarlyStart };

export function startPgliteEarly(options: PgliteThreadOptions): void {
  (globalThis as Registry)[KEY] = { dataDir: options.dataDir, client: PgliteThreadClient.start(options) };
}

/** The worker started early for this data directory (once); one started for another is closed. */
export function takeEarlyPglite(dataDir: string): PgliteThreadClient | undefined {
  const registry = globalThis as Registry;
  const early = registry[KEY];
  delete registry[KEY];
  if (!early) return undefined;
  if (early.dataDir === dataDir) return early.client;
  void early.client.ready.then(() => early.client.close()).catch(() => undefined);
  return undefined;
}

/** PGlite in a worker thread, open: the one started early for this data directory, or a new one. */
export async function openPgliteThread(options: PgliteThreadOptions): Promise<PgliteThreadClient> {
  const client = takeEarlyPglite(options.dataDir) ?? PgliteThreadClient.start(options);
  await client.ready;
  return client;
}
