import { PDFDocument, StandardFonts, type PDFImage } from 'pdf-lib';
import type { ChecklistItem } from '@shared/domain/checklist';
import type { ProvenanceBadge } from '@shared/domain/provenance';
import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { Writer } from './pdf-writer';
import { stripJpegMetadata } from './strip-metadata';

/** What goes into the inspection report (docs/decisions/0152); nothing here is read from the client's view. */
export interface ReportContent {
  reportId: string;
  productName: string;
  verifyUrl: string;
  issuedAt: Date;
  /** The task's time zone: the issue date is written as a reader there would say it. */
  timeZone: string;
  /** `category` is the category's name as the product shows it ("Vehicle Inspection"). */
  task: { title: string; location: string; category: string; budget: number; description: string };
  expert: { name: string; badges: string[] } | null;
  notes: string;
  checklist: ChecklistItem[] | null;
  /** The final set: each item's files from the last delivery of it (issue 50). */
  files: {
    itemId: string | null;
    contentType: string;
    sha256: string;
    badges: ProvenanceBadge[];
    bytes: Uint8Array | null;
    /** A video's poster frame as JPEG (the browser grabbed it at upload); null for a photo or none. */
    frame?: Uint8Array | null;
  }[];
  /** Issue 50: the rounds of changes the client requested, first to last (none: no section). */
  rounds?: { round: number; requestedAt: Date; items: string[]; note: string; redeliveredAt: Date | null }[];
}

const changesText = messages.evidenceChanges;

async function embed(doc: PDFDocument, file: ReportContent['files'][number]): Promise<PDFImage | null> {
  if (file.contentType.startsWith('video/')) return file.frame ? doc.embedJpg(file.frame).catch(() => null) : null;
  if (!file.bytes) return null;
  try {
    // Never the EXIF: the PDF travels to people who must not learn the expert's position or device.
    if (file.contentType === 'image/jpeg') return await doc.embedJpg(stripJpegMetadata(file.bytes));
    if (file.contentType === 'image/png') return await doc.embedPng(file.bytes);
  } catch {
    // A photo pdf-lib cannot decode is listed with its hash and badges, without the picture.
  }
  return null;
}

const TONE_COLOR: Record<ProvenanceBadge['tone'], [number, number, number]> = {
  ok: [0.1, 0.45, 0.2],
  info: [0.35, 0.35, 0.35],
  warning: [0.7, 0.2, 0.1],
};

/**
^ * "December 9, 2026 at 4:05 PM CST": a date people read, in the task's zone. The standard PDF fonts
 * have no narrow no-break space (ICU puts one before AM/PM), so every space is a plain one.
 */
function humanDate(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
  return text.replace(/\s/g, ' ');
}

/** The report as PDF bytes; dates in the document come from issuedAt so one issue gives one file. */
export async function buildReportPdf(content: ReportContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Inspection report ${content.reportId}`);
  doc.setProducer(content.productName);
  doc.setCreator(content.productName);
  doc.setCreationDate(content.issuedAt);
  doc.setModificationDate(content.issuedAt);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  w.text(`${content.productName} inspection report`, { size: 18, bold: true });
  w.text(`Report ${content.reportId}, issued ${humanDate(content.issuedAt, content.timeZone)}`, { size: 9 });
  w.text(`Verify at ${content.verifyUrl}`, { size: 9 });
  w.gap();
  w.text(content.task.title, { size: 14, bold: true });
  w.text(`${content.task.category} | ${content.task.location} | ${formatUsd(content.task.budget)}`);
  w.text(content.task.description, { size: 9 });
  w.gap();
  if (content.expert) {
    w.text(`Expert: ${content.expert.name}`, { bold: true });
    if (content.expert.badges.length) w.text(content.expert.badges.join(', '), { size: 9 });
    w.gap();
  }
  w.text('Notes and assessment', { bold: true });
  w.text(content.notes || '-');
  w.gap();
  if (content.rounds?.length) {
    w.text(changesText.reportRoundsHeading, { size: 12, bold: true });
    for (const round of content.rounds) {
      const delivered = round.redeliveredAt
        ? format(changesText.reportDelivered, { when: humanDate(round.redeliveredAt, content.timeZone) })
        : changesText.reportNotDelivered;
      const items = round.items.length ? round.items.join(', ') : changesText.wholeDelivery;
      w.text(format(changesText.reportRound, { round: round.round, requested: humanDate(round.requestedAt, content.timeZone), items, note: round.note, delivered }), { size: 9 });
    }
    w.gap();
    w.text(changesText.reportFinalSet, { size: 12, bold: true });
    w.gap(4);
  }
  const groups: { label: string; meta: string; files: ReportContent['files'] }[] = content.checklist
    ? content.checklist.map((item) => ({
        label: item.label,
        meta: `${item.kind}, ${item.required ? 'required' : 'optional'}`,
        files: content.files.filter((file) => file.itemId === item.id),
      }))
    : [{ label: 'Evidence', meta: '', files: content.files }];
  for (const group of groups) {
    w.text(group.label, { size: 12, bold: true });
    if (group.meta) w.text(group.meta, { size: 8 });
    if (group.files.length === 0) w.text('No file', { size: 9 });
    for (const file of group.files) {
      const image = await embed(doc, file);
      const video = file.contentType.startsWith('video/');
      if (image) w.image(image);
      // A video is named in words; its frame, when there is one, stands above the words.
      if (video) w.text(image ? 'Video: a frame from the clip' : 'Video (no frame available)', { size: 9 });
      else if (!image) w.text(`[${file.contentType}]`, { size: 9 });
      for (const badge of file.badges) w.text(badge.text, { size: 9, color: TONE_COLOR[badge.tone] });
      w.text(`SHA-256 ${file.sha256}`, { size: 7 });
      w.gap(4);
    }
    w.gap();
  }
  return doc.save({ useObjectStreams: false });
}
