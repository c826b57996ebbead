/**
 * Builds small JPEGs with EXIF metadata written byte by byte (a big-endian TIFF block in APP1), so the
 * provenance tests run on real files the project makes: with or without GPS, a capture time, a device.
 * The image data is a 1x1 baseline JPEG that browsers and decoders open.
 */

export interface ExifFields {
  latitude?: number;
  longitude?: number;
  /** Written as the wall-clock DateTimeOriginal in UTC with OffsetTimeOriginal +00:00. */
  takenAt?: Date;
  make?: string;
  model?: string;
  serial?: string;
  /** Any text: makes the file's bytes (and hash) unique. */
  seed?: string;
}

// A 1x1 grey baseline JPEG without metadata (SOI .. EOI), split at the end of SOI.
const TINY_JPEG_BODY = Buffer.from(
  'ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432' +
    'ffc0000b080001000101011100' +
    'ffc4001f0000010501010101010100000000000000000102030405060708090a0b' +
    'ffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9fa' +
    'ffda0008010100003f00d2cf20ffd9',
  'hex',
);

type Entry = { tag: number; type: 2 | 4 | 5; count: number; data: Buffer };

const ascii = (tag: number, text: string): Entry => {
  const data = Buffer.from(`${text}\0`, 'latin1');
  return { tag, type: 2, count: data.length, data };
};
const long = (tag: number, value: number): Entry => {
  const data = Buffer.alloc(4);
  data.writeUInt32BE(value);
  return { tag, type: 4, count: 1, data };
};
const rationals = (tag: number, values: [number, number][]): Entry => {
  const data = Buffer.alloc(values.length * 8);
  values.forEach(([num, den], i) => {
    data.writeUInt32BE(num, i * 8);
    data.writeUInt32BE(den, i * 8 + 4);
  });
  return { tag, type: 5, count: values.length, data };
};

const ifdSize = (entries: Entry[]) =>
  2 + entries.length * 12 + 4 + entries.reduce((sum, e) => sum + (e.data.length > 4 ? e.data.length + (e.data.length % 2) : 0), 0);

/** One IFD at `start` (offsets count from the TIFF header), its out-of-line values right after it. */
function writeIfd(entries: Entry[], start: number): Buffer {
  const out = Buffer.alloc(ifdSize(entries));
  out.writeUInt16BE(entries.length, 0);
  let dataAt = 2 + entries.length * 12 + 4;
  entries
    .sort((a, b) => a.tag - b.tag)
    .forEach((entry, i) => {
      const at = 2 + i * 12;
      out.writeUInt16BE(entry.tag, at);
      out.writeUInt16BE(entry.type, at + 2);
      out.writeUInt32BE(entry.count, at + 4);
      if (entry.data.length <= 4) entry.data.copy(out, at + 8);
      else {
        out.writeUInt32BE(start + dataAt, at + 8);
        entry.data.copy(out, dataAt);
        dataAt += entry.data.length + (entry.data.length % 2);
      }
    });
  return out;
}

const dms = (value: number): [number, number][] => {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 10000);
  return [
    [degrees, 1],
    [minutes, 1],
    [seconds, 10000],
  ];
};

const exifDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');

function tiffBlock(fields: ExifFields): Buffer {
  const exifEntries: Entry[] = [];
  if (fields.takenAt) {
    exifEntries.push(ascii(0x9003, exifDate(fields.takenAt)), ascii(0x9011, '+00:00'));
  }
  if (fields.serial) exifEntries.push(ascii(0xa431, fields.serial));
  const gpsEntries: Entry[] = [];
  if (fields.latitude !== undefined && fields.longitude !== undefined) {
    gpsEntries.push(
      ascii(0x0001, fields.latitude < 0 ? 'S' : 'N'),
      rationals(0x0002, dms(fields.latitude)),
      ascii(0x0003, fields.longitude < 0 ? 'W' : 'E'),
      rationals(0x0004, dms(fields.longitude)),
    );
  }
  const ifd0: Entry[] = [ascii(0x010e, fields.seed ?? 'sample')];
  if (fields.make) ifd0.push(ascii(0x010f, fields.make));
  if (fields.model) ifd0.push(ascii(0x0110, fields.model));
  // Pointers first with placeholder values so the IFD0 size is known, then fixed up.
  const withPointers = [...ifd0];
  if (exifEntries.length) withPointers.push(long(0x8769, 0));
  if (gpsEntries.length) withPointers.push(long(0x8825, 0));
  const ifd0Start = 8;
  const exifStart = ifd0Start + ifdSize(withPointers);
  const gpsStart = exifStart + (exifEntries.length ? ifdSize(exifEntries) : 0);
  const finalIfd0 = [...ifd0];
  if (exifEntries.length) finalIfd0.push(long(0x8769, exifStart));
  if (gpsEntries.length) finalIfd0.push(long(0x8825, gpsStart));
  const header = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]);
  return Buffer.concat([
    header,
    writeIfd(finalIfd0, ifd0Start),
    exifEntries.length ? writeIfd(exifEntries, exifStart) : Buffer.alloc(0),
    gpsEntries.length ? writeIfd(gpsEntries, gpsStart) : Buffer.alloc(0),
  ]);
}

/** A JPEG whose APP1 segment holds the given EXIF fields. */
export function jpegWithExif(fields: ExifFields = {}): Uint8Array {
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiffBlock(fields)]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(payload.length + 2, 2);
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), app1, payload, TINY_JPEG_BODY]));
}

/** A JPEG with no metadata at all; `seed` goes in a comment segment so hashes differ. */
export function plainJpeg(seed = 'plain'): Uint8Array {
  const comment = Buffer.from(seed, 'latin1');
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(comment.length + 2, 2);
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), com, comment, TINY_JPEG_BODY]));
}
