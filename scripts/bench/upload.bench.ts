// A 100 MB video through the local store exactly as the upload routes drive it (8 MB parts written,
// joined by streaming, then hashed and probed in one streaming pass), against a plain file copy of the
// same bytes on the same disk. The server's memory must stay flat: the RSS growth is printed too.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partCountOf, VIDEO_UPLOAD } from '../../src/shared/domain/video-upload';
import { probeVideo } from '../../src/server/modules/video-uploads/video-probe';
import { createLocalDiskFileStorage } from '../../src/server/providers/storage';
import { mp4Sample } from '../../src/server/test/video-sample';
import { kb, ms, ratioRow, REPEATS, type BenchRow } from './stats';

const SIZE = 100 * 1024 * 1024;

export async function benchUpload(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'upload-bench-'));
  try {
    const video = mp4Sample({ durationSeconds: 90, bytes: SIZE, seed: 'bench' });
    const source = join(dir, 'source.mp4');
    await writeFile(source, video);
    const storage = createLocalDiskFileStorage({ dataDir: dir });
    const timings: { value: number; reference: number }[] = [];
    const memory: { value: number; reference: number }[] = [];
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      const copyStart = performance.now();
      await copyFile(source, join(dir, `copy-${repeat}.mp4`));
      const copyMs = performance.now() - copyStart;

      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
      const key = `evidence/bench/${repeat}-clip.mp4`;
      const started = performance.now();
      const uploadId = await storage.startMultipart(key, { contentType: 'video/mp4' });
      for (let part = 1; part <= partCountOf(SIZE); part += 1) {
        // A part arrives as its own request body: 8 MB at most in memory at a time.
        const bytes = video.slice((part - 1) * VIDEO_UPLOAD.partBytes, part * VIDEO_UPLOAD.partBytes);
        await storage.putPart(key, uploadId, part, bytes);
      }
      await storage.completeMultipart(key, uploadId, partCountOf(SIZE));
      const probe = await probeVideo((await storage.stream(key))!);
      const uploadMs = performance.now() - started;
      clearInterval(sampler);
      if (probe.size !== SIZE || probe.kind !== 'mp4') throw new Error('the bench video did not round-trip');
      timings.push({ value: uploadMs, reference: copyMs });
      memory.push({ value: Math.max(1, rssPeak - rssBefore), reference: SIZE });
      await storage.delete(key);
    }
    return [
      ratioRow('100 MB video: parts + join + hash/probe vs plain copy (time)', timings, { format: ms }),
      ratioRow('100 MB video: server RSS growth vs file size (flat memory)', memory, { format: kb }),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
