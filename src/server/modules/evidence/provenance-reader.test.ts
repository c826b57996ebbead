import { describe, expect, it } from 'vitest';
import { jpegWithExif, plainJpeg } from '../../test/exif-jpeg';
import { readProvenance, sha256Hex } from './provenance-reader';
import { stripJpegMetadata } from '../documents/strip-metadata';
import { detectVideoKind } from '../video-uploads/video-check';

describe('provenance of sample files the project makes', () => {
  it('reads time, GPS and device from a JPEG with EXIF, and keeps the serial for admins only', async () => {
    const bytes = jpegWithExif({ latitude: 40.7128, longitude: -74.006, takenAt: new Date('2026-11-25T10:00:00Z'), make: 'Acme', model: 'P9', serial: 'SN-1' });
    const read = await readProvenance(bytes, 'image/jpeg');
    expect(read).toMatchObject({ sha256: sha256Hex(bytes), device: 'Acme P9', captured_at: new Date('2026-11-25T10:00:00Z') });
    expect(read.latitude).toBeCloseTo(40.7128, 4);
    expect(read.longitude).toBeCloseTo(-74.006, 4);
    expect(read.raw).toMatchObject({ SerialNumber: 'SN-1' });
  });

  it('finds nothing in a JPEG without metadata or in a video', async () => {
    expect(await readProvenance(plainJpeg(), 'image/jpeg')).toMatchObject({ latitude: null, captured_at: null, device: null });
    expect(await readProvenance(new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]), 'video/mp4')).toMatchObject({ raw: null });
  });

  it('strips EXIF from the copy that leaves the server, pixels unchanged', async () => {
    const stripped = stripJpegMetadata(jpegWithExif({ latitude: 1, longitude: 2, serial: 'SN-1' }));
    expect(Buffer.from(stripped).toString('latin1')).not.toContain('SN-1');
    expect(await readProvenance(stripped, 'image/jpeg')).toMatchObject({ latitude: null });
    expect(stripped.subarray(-20)).toEqual(plainJpeg().subarray(-20));
  });

  it('tells video containers by content', () => {
    const box = (brand: string) => new Uint8Array([0, 0, 0, 24, ...Buffer.from(`ftyp${brand}`)]);
    expect(detectVideoKind(box('isom'))).toBe('mp4');
    expect(detectVideoKind(box('qt  '))).toBe('mov');
    expect(detectVideoKind(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...Buffer.from('....webm')]))).toBe('webm');
    expect(detectVideoKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
  });
});
