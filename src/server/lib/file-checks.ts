/**
 * Upload checks by content: the first bytes decide what a file is, never its name or the type the
 * browser declared. A PDF named photo.png is a PDF.
 */

export type FileKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'doc' | 'docx';

export const FILE_KINDS = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  doc: { contentType: 'application/msword', extension: 'doc' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
} as const satisfies Record<FileKind, { contentType: string; extension: string }>;

export type FileContentType = (typeof FILE_KINDS)[FileKind]['contentType'];

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((byte, i) => bytes[offset + i] === byte);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');
/** OLE2 compound file: Word 97-2003 documents. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/** What the content is, or null when it is none of the kinds we accept. */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, OLE2)) return 'doc';
  if (startsWith(bytes, ZIP_LOCAL_HEADER) && zipHasEntryUnder(bytes, 'word/')) return 'docx';
  return null;
}

const readU16 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
const readU32 = (bytes: Uint8Array, at: number) =>
  (readU16(bytes, at) | (readU16(bytes, at + 2) << 16)) >>> 0;

/**
 * A DOCX is a zip whose central directory lists `word/...` entries. Reads the directory the way an
 * unzipper does (end record -> entries) instead of trusting the file name.
 */
function zipHasEntryUnder(bytes: Uint8Array, folder: string): boolean {
  const END_RECORD = 0x06054b50;
  const DIRECTORY_ENTRY = 0x02014b50;
  const END_RECORD_SIZE = 22;
  const MAX_COMMENT = 0xffff;
  const decoder = new TextDecoder();
  for (
    let end = bytes.length - END_RECORD_SIZE;
    end >= Math.max(0, bytes.length - END_RECORD_SIZE - MAX_COMMENT);
    end--
  ) {
    if (readU32(bytes, end) !== END_RECORD) continue;
    const entries = readU16(bytes, end + 10);
    let at = readU32(bytes, end + 16);
    for (let i = 0; i < entries && at + 46 <= bytes.length; i++) {
      if (readU32(bytes, at) !== DIRECTORY_ENTRY) break;
      const nameLength = readU16(bytes, at + 28);
      const extraLength = readU16(bytes, at + 30);
      const commentLength = readU16(bytes, at + 32);
      const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      if (name.startsWith(folder)) return true;
      at += 46 + nameLength + extraLength + commentLength;
    }
    return false;
  }
  return false;
}

export type UploadCheck =
  | {
      ok: true;
      kind: FileKind;
      contentType: FileContentType;
      extension: string;
      /** The declared name's last path component with the extension the content calls for. */
      fileName: string;
    }
  | { ok: false; reason: 'too_large' | 'bad_type' };

export interface UploadRules {
  /** Kinds (`'jpeg'`) or content types (`'image/jpeg'`, as listed in src/shared/constants.ts). */
  allowed: ReadonlyArray<FileKind | FileContentType>;
  maxBytes: number;
}

const kindOfContentType = new Map<string, FileKind>(
  (Object.keys(FILE_KINDS) as FileKind[]).map((kind) => [FILE_KINDS[kind].contentType, kind]),
);

/** Size first, then content. Empty files and unknown content are `bad_type`. */
export function checkUpload(bytes: Uint8Array, declaredName: string, rules: UploadRules): UploadCheck {
  if (bytes.byteLength > rules.maxBytes) return { ok: false, reason: 'too_large' };
  const kind = detectFileKind(bytes);
  const allowed = new Set(rules.allowed.map((entry) => kindOfContentType.get(entry) ?? entry));
  if (!kind || !allowed.has(kind)) return { ok: false, reason: 'bad_type' };
  const { contentType, extension } = FILE_KINDS[kind];
  return { ok: true, kind, contentType, extension, fileName: withExtension(declaredName, extension) };
}

function withExtension(declaredName: string, extension: string): string {
  const base = declaredName.split(/[/\\]/).pop()?.trim() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return `${stem || 'file'}.${extension}`;
}
