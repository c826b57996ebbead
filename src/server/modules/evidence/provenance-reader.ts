import { createHash } from 'node:crypto';
import exifr from 'exifr';

/** What a file's own metadata says; the raw values stay server-side (admins see them in disputes). */
export interface ReadProvenance {
  sha256: string;
  captured_at: Date | null;
  latitude: number | null;
  longitude: number | null;
  /** Make and model: shown to admins; never the serial numbers. */
  device: string | null;
  raw: Record<string, unknown> | null;
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * EXIF dates carry no zone unless OffsetTimeOriginal gives one; exifr builds them in the server's local
 * zone. The wall-clock reading is taken as UTC, then shifted by the offset when there is one.
 */
function captureTime(tags: Record<string, unknown>): Date | null {
  const value = tags.DateTimeOriginal ?? tags.CreateDate;
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return null;
  const wallClockAsUtc = value.getTime() - value.getTimezoneOffset() * 60_000;
  const offset = typeof tags.OffsetTimeOriginal === 'string' ? /^([+-])(\d{2}):(\d{2})$/.exec(tags.OffsetTimeOriginal) : null;
  const minutes = offset ? (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === '-' ? -1 : 1) : 0;
  return new Date(wallClockAsUtc - minutes * 60_000);
}

/** JSON-safe copy of the tags (dates as ISO strings, binary blobs dropped). */
function jsonTags(tags: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tags)) {
    if (value instanceof Date) out[key] = Number.isNaN(value.getTime()) ? null : value.toISOString();
    else if (value instanceof Uint8Array || ArrayBuffer.isView(value)) continue;
    else if (typeof value === 'string') out[key] = value.slice(0, 200);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[key] = value;
    else if (Array.isArray(value) && value.length <= 16) out[key] = value.map((v) => (typeof v === 'number' || typeof v === 'string' ? v : null));
  }
  return out;
}

/** SHA-256 of every file; EXIF (time, GPS, device) of images. A file without readable metadata has none. */
export async function readProvenance(bytes: Uint8Array, contentType: string): Promise<ReadProvenance> {
  const sha256 = sha256Hex(bytes);
  const empty = { sha256, captured_at: null, latitude: null, longitude: null, device: null, raw: null };
  if (!contentType.startsWith('image/')) return empty;
  let tags: Record<string, unknown> | undefined;
  try {
    tags = (await exifr.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      tiff: true,
      exif: true,
      gps: true,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
    })) as Record<string, unknown> | undefined;
  } catch {
    // Broken metadata counts as none: the badge says "No location data".
    return empty;
  }
  if (!tags) return empty;
  const latitude = finite(tags.latitude);
  const longitude = finite(tags.longitude);
  const device = [tags.Make, tags.Model].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ').trim();
  return {
    sha256,
    captured_at: captureTime(tags),
    latitude: latitude !== null && longitude !== null ? latitude : null,
    longitude: latitude !== null && longitude !== null ? longitude : null,
    device: device || null,
    raw: jsonTags(tags),
  };
}
