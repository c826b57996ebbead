import { describe, expect, it } from 'vitest';
import { mp4Sample, webmSample } from '../../test/video-sample';
import { sha256Hex } from '../evidence/provenance-reader';
import { MvhdScanner, probeVideo } from './video-probe';

const streamOf = (bytes: Uint8Array, chunk: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunk) controller.enqueue(bytes.subarray(at, at + chunk));
      controller.close();
    },
  });

describe('probeVideo', () => {
  it('reads an MP4 duration across any chunking, with the hash of the whole file', async () => {
    const bytes = mp4Sample({ durationSeconds: 42.5, bytes: 10_000 });
    for (const chunk of [7, 33, 4096]) {
      expect(await probeVideo(streamOf(bytes, chunk))).toEqual({ sha256: sha256Hex(bytes), kind: 'mp4', durationSeconds: 42.5, size: 10_000 });
    }
  });

  it('reads a WebM duration and refuses what is not a video', async () => {
    expect(await probeVideo(streamOf(webmSample(2.25), 50))).toMatchObject({ kind: 'webm', durationSeconds: 2.25 });
    expect(await probeVideo(streamOf(new TextEncoder().encode('x'.repeat(500)), 64))).toMatchObject({ kind: null, durationSeconds: null });
  });

  it('ignores an "mvhd" inside media data that is not a real box', () => {
    const scanner = new MvhdScanner();
    scanner.push(Buffer.concat([Buffer.alloc(20), Buffer.from('junkmvhd'), Buffer.alloc(40, 1)]));
    expect(scanner.duration).toBeNull();
  });
});
