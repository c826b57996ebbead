import { describe, expect, it } from 'vitest';
import { CHAT, EXPERT_DOCUMENT } from '@shared/constants';
import { checkUpload, detectFileKind, type FileKind } from './file-checks';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? Array.from(Buffer.from(part, 'latin1')) : part)),
  );

const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32 = (n: number) => [...u16(n & 0xffff), ...u16(n >>> 16)];

/** A minimal stored (uncompressed) zip with the given entry names, laid out the way zip writers do. */
function zipWith(names: string[]): Uint8Array {
  const local: number[] = [];
  const central: number[] = [];
  for (const name of names) {
    const nameBytes = Array.from(Buffer.from(name));
    const content = Array.from(Buffer.from('<xml/>'));
    const offset = local.length;
    local.push(...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0));
    local.push(
      ...u32(content.length),
      ...u32(content.length),
      ...u16(nameBytes.length),
      ...u16(0),
      ...nameBytes,
      ...content,
    );
    central.push(...u32(0x02014b50), ...u16(20), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0));
    central.push(
      ...u32(content.length),
      ...u32(content.length),
      ...u16(nameBytes.length),
      ...u16(0),
      ...u16(0),
    );
    central.push(...u16(0), ...u16(0), ...u32(0), ...u32(offset), ...nameBytes);
  }
  const end = [...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(names.length), ...u16(names.length)];
  end.push(...u32(central.length), ...u32(local.length), ...u16(0));
  return new Uint8Array([...local, ...central, ...end]);
}

const samples: Record<FileKind, Uint8Array> = {
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF\0'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  pdf: bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  docx: zipWith(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']),
};

describe('detectFileKind', () => {
  it.each(Object.entries(samples))('recognises %s by its first bytes', (kind, sample) => {
    expect(detectFileKind(sample)).toBe(kind);
  });

  it.each([
    ['empty', new Uint8Array()],
    ['plain text', bytes('hello world')],
    ['HTML', bytes('<!doctype html><script>')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['a RIFF that is not WEBP (WAV)', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['GIF with a wrong version', bytes('GIF90a')],
    ['a zip without word/ entries (xlsx)', zipWith(['[Content_Types].xml', 'xl/workbook.xml'])],
    ['a zip signature alone', bytes([0x50, 0x4b, 0x03, 0x04, 0, 0])],
    ['a PDF marker not at the start', bytes(' %PDF-1.7')],
  ])('rejects %s', (_what, sample) => {
    expect(detectFileKind(sample)).toBeNull();
  });
});

describe('checkUpload', () => {
  const images = { allowed: ['jpeg', 'png'] as FileKind[], maxBytes: 1024 };

  it('accepts allowed content and reports its type and extension', () => {
    expect(checkUpload(samples.png, 'photo.png', images)).toEqual({
      ok: true,
      kind: 'png',
      contentType: 'image/png',
      extension: 'png',
      fileName: 'photo.png',
    });
    expect(
      checkUpload(samples.jpeg, 'camera/IMG_1.JPEG', { allowed: ['jpeg'], maxBytes: 1024 }),
    ).toMatchObject({
      ok: true,
      contentType: 'image/jpeg',
      extension: 'jpg',
      fileName: 'IMG_1.jpg',
    });
  });

  it('goes by content, not by name: a .png holding PDF bytes is a PDF', () => {
    expect(checkUpload(samples.pdf, 'photo.png', { allowed: ['png', 'jpeg'], maxBytes: 1024 })).toEqual({
      ok: false,
      reason: 'bad_type',
    });
    expect(checkUpload(samples.pdf, 'photo.png', { allowed: ['png', 'pdf'], maxBytes: 1024 })).toMatchObject({
      ok: true,
      contentType: 'application/pdf',
      extension: 'pdf',
      fileName: 'photo.pdf',
    });
  });

  it('rejects a name that claims an allowed type over unknown content', () => {
    expect(checkUpload(bytes('MZ\x90\x00'), 'invoice.pdf', { allowed: ['pdf'], maxBytes: 1024 })).toEqual({
      ok: false,
      reason: 'bad_type',
    });
    expect(
      checkUpload(zipWith(['payload.exe']), 'letter.docx', { allowed: ['docx'], maxBytes: 1024 }),
    ).toEqual({
      ok: false,
      reason: 'bad_type',
    });
  });

  it('rejects files over the size limit before looking at them, and allows exactly the limit', () => {
    const big = new Uint8Array(1025);
    big.set(samples.png);
    expect(checkUpload(big, 'big.png', images)).toEqual({ ok: false, reason: 'too_large' });
    expect(checkUpload(big.subarray(0, 1024), 'big.png', images)).toMatchObject({ ok: true });
  });

  it('takes the content types listed in the shared constants', () => {
    const chat = { allowed: CHAT.attachmentTypes, maxBytes: CHAT.attachmentMaxBytes };
    expect(checkUpload(samples.docx, 'cv.docx', chat)).toMatchObject({ ok: true, kind: 'docx' });
    expect(checkUpload(samples.doc, 'cv.doc', chat)).toMatchObject({
      ok: true,
      contentType: 'application/msword',
    });
    const identity = { allowed: EXPERT_DOCUMENT.allowedTypes, maxBytes: EXPERT_DOCUMENT.maxBytes };
    expect(checkUpload(samples.webp, 'id.webp', identity)).toEqual({ ok: false, reason: 'bad_type' });
    expect(checkUpload(samples.pdf, 'id.pdf', identity)).toMatchObject({ ok: true, kind: 'pdf' });
  });
});
