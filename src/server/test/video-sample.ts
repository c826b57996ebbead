/**
 * Small video files the tests make byte by byte: an MP4 (ftyp, moov with an mvhd of the given duration,
 * then mdat padding up to `bytes`) and a WebM header with a Duration. Enough for the server's content
 * checks, which read the container and the duration, not the frames.
 */
function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

export function mp4Sample(options: { durationSeconds?: number; bytes?: number; seed?: string } = {}): Uint8Array {
  const { durationSeconds = 3, bytes = 4096, seed = 'sample' } = options;
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41', 'latin1')]));
  const mvhdBody = Buffer.alloc(100);
  mvhdBody.writeUInt32BE(1000, 12); // timescale: milliseconds
  mvhdBody.writeUInt32BE(Math.round(durationSeconds * 1000), 16);
  mvhdBody.writeUInt32BE(0x00010000, 20); // rate 1.0
  const moov = box('moov', box('mvhd', mvhdBody));
  const used = ftyp.length + moov.length + 8;
  const media = Buffer.alloc(Math.max(0, bytes - used), 0x11);
  media.write(seed.slice(0, Math.min(seed.length, media.length)), 0, 'latin1');
  return new Uint8Array(Buffer.concat([ftyp, moov, box('mdat', media)]));
}

export function webmSample(durationSeconds = 2): Uint8Array {
  const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...Buffer.from('webm', 'latin1')]);
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(durationSeconds * 1000, 0);
  const info = Buffer.from([0x15, 0x49, 0xa9, 0x66, 0x8f, 0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40, 0x44, 0x89, 0x88, ...duration]);
  return new Uint8Array(Buffer.concat([ebml, Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), info, Buffer.alloc(256, 0x22)]));
}
