import { PDFDocument, StandardFonts } from 'pdf-lib';
import { stringify } from 'csv-stringify/sync';
import { BRAND_NAME } from '@shared/brand';
import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { EarningTotals } from '@shared/schemas/earnings.schemas';
import type { EarningRow } from './earnings-rows';

const text = messages.earnings;
const STATUS_TEXT = {
  held: text.statusHeld,
  captured: text.statusCaptured,
  in_transit: text.statusInTransit,
  paid: text.statusPaid,
} as const;
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');
/** Plain dollars with cents (no symbol), the way spreadsheets sum them. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The CSV export: one line per task, the same numbers as the page and the statement. Every value
 * quoted and formula-like cells escaped, so a task title never runs in a spreadsheet.
 */
export function earningsCsv(rows: EarningRow[]): string {
  const header = [
    text.date,
    text.task,
    text.agreedPrice,
    text.platformFee,
    text.providerFee,
    text.tip,
    text.net,
    text.status,
    text.expectedArrival,
  ];
  const lines = rows.map((row) => [
    day(row.date),
    row.title,
    dollars(row.price_cents),
    dollars(row.platform_fee_cents),
    row.provider_fee_cents === null ? '' : dollars(row.provider_fee_cents),
    dollars(row.tip_cents),
    dollars(row.net_cents),
    STATUS_TEXT[row.status],
    day(row.expected_arrival),
  ]);
  return stringify([header, ...lines], {
    quoted: true,
    quoted_empty: true,
    escape_formulas: true,
    record_delimiter: 'windows',
  });
}

/** The standard fonts encode WinAnsi only: anything else becomes '?', never an exception. */
const safe = (value: string) => value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const PAGE = { width: 595, height: 842, margin: 40 };
/** Column x positions: date, task, price, platform fee, provider fee, tip, net. */
const COLUMNS = [40, 100, 290, 345, 400, 455, 505];

/**
 * The yearly statement (pdf-lib, like the inspection report): the year's captured payments and tips,
 * one line per task, and the year's totals. Dates and amounts only; no card or bank details.
 */
export async function earningsStatementPdf(params: {
  year: number;
  expertName: string;
  productName: string;
  rows: EarningRow[];
  totals: EarningTotals;
  issuedAt: Date;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = format(text.statementTitle, { year: String(params.year) });
  doc.setTitle(title);
  doc.setProducer(params.productName);
  doc.setCreator(params.productName);
  doc.setCreationDate(params.issuedAt);
  doc.setModificationDate(params.issuedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const line = (cells: string[], options: { bold?: boolean; size?: number } = {}) => {
    const size = options.size ?? 9;
    if (y - size - 4 < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    cells.forEach((cell, index) => {
      const x = cells.length === 1 ? PAGE.margin : COLUMNS[index];
      const room = cells.length === 1 ? 80 : index === 1 ? 32 : 14;
      const value = safe(cell).slice(0, room);
      page.drawText(value, { x, y: y - size, size, font: options.bold ? bold : font });
    });
    y -= size + 5;
  };
  line([title], { bold: true, size: 16 });
  line([safe(params.expertName)], { size: 11 });
  line([format(text.statementIntro, { brand: BRAND_NAME, year: String(params.year) })]);
  y -= 8;
  line([text.date, text.task, 'Price', 'Platform', 'Provider', text.tip, text.net], { bold: true });
  for (const row of params.rows) {
    line([
      day(row.date),
      row.title,
      formatUsd(row.price_cents),
      formatUsd(row.platform_fee_cents),
      row.provider_fee_cents === null ? '-' : formatUsd(row.provider_fee_cents),
      formatUsd(row.tip_cents),
      formatUsd(row.net_cents),
    ]);
  }
  y -= 4;
  const t = params.totals;
  line(
    [
      text.statementTotal,
      '',
      formatUsd(t.price_cents),
      formatUsd(t.platform_fee_cents),
      formatUsd(t.provider_fee_cents),
      formatUsd(t.tip_cents),
      formatUsd(t.net_cents),
    ],
    { bold: true },
  );
  return doc.save({ useObjectStreams: false });
}
