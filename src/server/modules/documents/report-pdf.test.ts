import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildReportPdf, type ReportContent } from './report-pdf';
import { pdfText, hexOf } from '../../test/pdf-text';

const imagesIn = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

const createReportContent = (overrides: Partial<ReportContent> = {}): ReportContent => ({
  reportId: 'r-1',
  productName: 'Local Experts',
  verifyUrl: 'http://localhost/reports/r-1/verify',
  issuedAt: new Date('2026-12-06T12:00:00Z'),
  timeZone: 'America/Chicago',
  task: { title: 'Car check', location: 'Chicago', category: 'Vehicle Inspection', budget: 9000, description: 'A car.' },
  expert: { name: 'Sam Smith', badges: [] },
  notes: 'All done.',
  checklist: null,
  files: [],
  ...overrides,
});

const video = (frame: Uint8Array | null) => ({
  itemId: null,
  contentType: 'video/webm',
  sha256: 'a'.repeat(64),
  badges: [],
  bytes: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]),
  frame,
});

describe('the report PDF and video evidence (issue 52)', () => {
  it('shows a video by its poster frame, and says so in words', async () => {
    const frame = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg().toBuffer(),
    );
    const pdf = await buildReportPdf(createReportContent({ files: [video(frame)] }));
    expect(imagesIn(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain(hexOf('Video: a frame from the clip'));
    expect(text).not.toContain(hexOf('[video/webm]'));
  });

  it('names a video without a poster in words, with no picture', async () => {
    const pdf = await buildReportPdf(createReportContent({ files: [video(null)] }));
    expect(imagesIn(pdf)).toBe(0);
    const text = pdfText(pdf);
    expect(text).toContain(hexOf('Video (no frame available)'));
    expect(text).not.toContain(hexOf('[video/webm]'));
  });
});
