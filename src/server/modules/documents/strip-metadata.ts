/**
 * The copy of a photo that leaves the server for anyone but an admin: a JPEG without its APP1..APP15
 * and comment segments (EXIF GPS, serial numbers, XMP). The pixels and JFIF header stay. Other
 * formats are served as stored (docs/decisions/0151).
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!isApp && marker !== 0xfe) break;
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2 || at + 2 + length > bytes.length) return bytes;
    if (marker === 0xe0) kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  kept.push(bytes.subarray(at));
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export const clientCopy = (bytes: Uint8Array, contentType: string) =>
  contentType === 'image/jpeg' ? stripJpegMetadata(bytes) : bytes;
