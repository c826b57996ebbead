/**
 * Video containers by content: MP4 and MOV are ISO-BMFF files (a box size, then `ftyp`, or a QuickTime
 * top-level box), WebM is EBML with the `webm` doctype. The name and the declared type never decide.
 */
export type VideoKind = 'mp4' | 'mov' | 'webm';

export const VIDEO_KINDS = {
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  mov: { contentType: 'video/quicktime', extension: 'mov' },
  webm: { contentType: 'video/webm', extension: 'webm' },
} as const satisfies Record<VideoKind, { contentType: string; extension: string }>;

const text = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/** Reads only the first bytes (the head of an upload's first part is enough). */
export function detectVideoKind(head: Uint8Array): VideoKind | null {
  if (head.length >= 12 && text(head, 4, 4) === 'ftyp') {
    return text(head, 8, 4) === 'qt  ' ? 'mov' : 'mp4';
  }
  if (head.length >= 8 && ['moov', 'mdat', 'wide', 'free'].includes(text(head, 4, 4))) return 'mov';
  if (head.length >= 4 && EBML.every((byte, i) => head[i] === byte)) {
    // The doctype string sits in the EBML header, within its first few dozen bytes.
    return text(head, 0, Math.min(head.length, 64)).includes('webm') ? 'webm' : null;
  }
  return null;
}

export const videoFileName = (declared: string, kind: VideoKind) => {
  const base = declared.split(/[/\\]/).pop()?.trim() ?? '';
  const dot = base.lastIndexOf('.');
  return `${(dot > 0 ? base.slice(0, dot) : base).replace(/[^\w.-]+/g, '_') || 'video'}.${VIDEO_KINDS[kind].extension}`;
};
