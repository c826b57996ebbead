import { createHash } from 'node:crypto';
import { detectVideoKind, type VideoKind } from './video-check';

/**
 * What the server learns from an assembled video in ONE streaming pass (memory stays flat however big
 * the file): its SHA-256, its container by content, and its duration (MP4/MOV: the `mvhd` box, wherever
 * it sits; WebM: the Segment Info `Duration`, near the start). A file whose duration cannot be read keeps
 * none (a WebM recorded live by a browser often has none).
 */
export interface VideoProbe {
  sha256: string;
  kind: VideoKind | null;
  durationSeconds: number | null;
  size: number;
}

const MVHD = Buffer.from('mvhd');
/** A v0 `mvhd` box is 108 bytes, a v1 box 120: anything else is a false match inside the media data. */
const MVHD_SIZES = new Set([108, 120]);

/** Finds the first real `mvhd` across chunk boundaries, keeping only a short tail between chunks. */
export class MvhdScanner {
  private tail = Buffer.alloc(0);
  duration: number | null = null;

  push(chunk: Uint8Array) {
    if (this.duration !== null) return;
    const buf = Buffer.concat([this.tail, chunk]);
    let at = buf.indexOf(MVHD, 4);
    while (at !== -1) {
      if (buf.length < at + 32) {
        this.tail = buf.subarray(at - 4);
        return;
      }
      const version = buf[at + 4];
      if (MVHD_SIZES.has(buf.readUInt32BE(at - 4)) && (version === 0 || version === 1)) {
        const timescale = version === 1 ? buf.readUInt32BE(at + 24) : buf.readUInt32BE(at + 16);
        const units = version === 1 ? Number(buf.readBigUInt64BE(at + 28)) : buf.readUInt32BE(at + 20);
        if (timescale > 0) {
          this.duration = units / timescale;
          return;
        }
      }
      at = buf.indexOf(MVHD, at + 1);
    }
    this.tail = Buffer.from(buf.subarray(Math.max(0, buf.length - 40)));
  }
}

/** WebM: Duration (0x4489, a float in TimecodeScale units) and TimecodeScale (0x2AD7B1, default 1 ms). */
export function webmDuration(head: Uint8Array): number | null {
  const buf = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  let scale = 1_000_000;
  const scaleAt = buf.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]));
  if (scaleAt !== -1 && scaleAt + 4 <= buf.length) {
    const length = buf[scaleAt + 3] & 0x0f;
    if (buf[scaleAt + 3] >= 0x81 && buf[scaleAt + 3] <= 0x88 && scaleAt + 4 + length <= buf.length) scale = buf.readUIntBE(scaleAt + 4, Math.min(length, 6));
  }
  for (let at = buf.indexOf(Buffer.from([0x44, 0x89])); at !== -1; at = buf.indexOf(Buffer.from([0x44, 0x89]), at + 1)) {
    const marker = buf[at + 2];
    if (marker === 0x88 && at + 11 <= buf.length) return (buf.readDoubleBE(at + 3) * scale) / 1e9;
    if (marker === 0x84 && at + 7 <= buf.length) return (buf.readFloatBE(at + 3) * scale) / 1e9;
  }
  return null;
}

const WEBM_HEAD_BYTES = 64 * 1024;

export async function probeVideo(stream: ReadableStream<Uint8Array>): Promise<VideoProbe> {
  const hash = createHash('sha256');
  const mvhd = new MvhdScanner();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    mvhd.push(chunk);
    if (headBytes < WEBM_HEAD_BYTES) {
      head.push(chunk);
      headBytes += chunk.byteLength;
    }
    size += chunk.byteLength;
  }
  const start = new Uint8Array(Buffer.concat(head).subarray(0, WEBM_HEAD_BYTES));
  const kind = detectVideoKind(start.subarray(0, 64));
  const durationSeconds = kind === 'webm' ? webmDuration(start) : kind ? mvhd.duration : null;
  return { sha256: hash.digest('hex'), kind, durationSeconds, size };
}
