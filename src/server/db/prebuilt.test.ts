import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PREBUILT_DEMO_DIR, PREBUILT_DEMO_INFO, PREBUILT_EMPTY_DIR, restorePrebuiltDataDir } from './prebuilt';

/** A build folder with fake data directories (a PG_VERSION file and one marker file each). */
function buildFolder(options: { demo?: boolean; empty?: boolean } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'prebuilt-'));
  const make = (name: string) => {
    mkdirSync(join(folder, name, 'base'), { recursive: true });
    writeFileSync(join(folder, name, 'PG_VERSION'), '17');
    writeFileSync(join(folder, name, 'base', 'marker'), name);
  };
  if (options.empty !== false) make(PREBUILT_EMPTY_DIR);
  if (options.demo !== false) {
    make(PREBUILT_DEMO_DIR);
    writeFileSync(join(folder, PREBUILT_DEMO_INFO), JSON.stringify({ seededAt: '2026-01-01T00:00:00.000Z', accounts: [] }));
  }
  return folder;
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const track = (folder: string) => (folders.push(folder), folder);

describe('restoring the prebuilt data directory on a first start', () => {
  it('copies the demo database, with the time it was seeded at', () => {
    const folder = track(buildFolder());
    const dataDir = join(track(mkdtempSync(join(tmpdir(), 'data-'))), 'db');
    const restored = restorePrebuiltDataDir(dataDir, { demo: true, folder });
    expect(restored).toEqual({ demo: { seededAt: '2026-01-01T00:00:00.000Z', accounts: [] } });
    expect(readFileSync(join(dataDir, 'base', 'marker'), 'utf8')).toBe(PREBUILT_DEMO_DIR);
  });

  it('copies the empty database in production', () => {
    const folder = track(buildFolder());
    const dataDir = join(track(mkdtempSync(join(tmpdir(), 'data-'))), 'db');
    expect(restorePrebuiltDataDir(dataDir, { demo: false, folder })).toEqual({ demo: null });
    expect(readFileSync(join(dataDir, 'base', 'marker'), 'utf8')).toBe(PREBUILT_EMPTY_DIR);
  });

  it('never touches a data directory that already holds a database', () => {
    const folder = track(buildFolder());
    const dataDir = track(mkdtempSync(join(tmpdir(), 'data-')));
    writeFileSync(join(dataDir, 'PG_VERSION'), '17');
    expect(restorePrebuiltDataDir(dataDir, { demo: true, folder })).toBeNull();
    expect(() => readFileSync(join(dataDir, 'base', 'marker'))).toThrow();
  });

  it('restores nothing without a build (npm run dev, tests) or for an in-memory database', () => {
    const folder = track(mkdtempSync(join(tmpdir(), 'no-build-')));
    const dataDir = join(track(mkdtempSync(join(tmpdir(), 'data-'))), 'db');
    expect(restorePrebuiltDataDir(dataDir, { demo: true, folder })).toBeNull();
    expect(restorePrebuiltDataDir('memory://', { demo: true, folder: track(buildFolder()) })).toBeNull();
  });
});
