import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

/**
 * The product's PDFs (inspection reports, receipts): A4 pages of wrapped text and pictures, in the
 * standard fonts (no font file to ship), a new page whenever the next line does not fit.
 */
export const PAGE = { width: 595, height: 842, margin: 48 };

/** The standard fonts encode WinAnsi only: anything else becomes '?', never an exception. */
export const safe = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export class Writer {
  page: PDFPage;
  y = PAGE.height - PAGE.margin;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }

  private room(height: number) {
    if (this.y - height < PAGE.margin) {
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
  }

  text(value: string, options: { size?: number; bold?: boolean; color?: [number, number, number] } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const maxWidth = PAGE.width - PAGE.margin * 2;
    for (const paragraph of safe(value).split('\n')) {
      let line = '';
      const words = paragraph.split(/\s+/);
      const flush = () => {
        this.room(size + 4);
        this.page.drawText(line, { x: PAGE.margin, y: this.y - size, size, font, color: rgb(...(options.color ?? [0, 0, 0])) });
        this.y -= size + 4;
        line = '';
      };
      for (const word of words) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
          flush();
          line = word.length > 90 ? word.slice(0, 90) : word;
        } else line = next;
      }
      flush();
    }
  }

  gap(height = 8) {
    this.y -= height;
  }

  image(image: PDFImage) {
    const scale = Math.min(160 / image.width, 120 / image.height, 1) || 1;
    const width = Math.max(1, image.width * scale);
    const height = Math.max(1, image.height * scale);
    this.room(height + 6);
    this.page.drawImage(image, { x: PAGE.margin, y: this.y - height, width, height });
    this.y -= height + 6;
  }
}

