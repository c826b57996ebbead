import { inflateSync } from 'node:zlib';

/** A PDF's raw bytes and every Flate content stream inflated, as latin1 (an embedded JPEG stays as it is). */
function pdfStreams(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const parts = [raw];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    try {
      parts.push(inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1'));
    } catch {
      // Not Flate: already in `raw`.
    }
  }
  return parts;
}

/**
 * Everything a PDF says, lowercased, for `toContain` checks. pdf-lib writes text as hex strings of the
 * glyph codes, so look for `hexOf(text)` in it.
 */
export function pdfText(pdf: Uint8Array): string {
  return pdfStreams(pdf).join('\n').toLowerCase();
}

/** pdf-lib's hex form of a text (see pdfText). */
export const hexOf = (value: string) => Buffer.from(value, 'latin1').toString('hex');

/** The strings the PDF shows (its `<hex> Tj` operators), decoded, one per line. */
export function pdfShownText(pdf: Uint8Array): string {
  const hex = pdfStreams(pdf).join('\n').matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g);
  return [...hex].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('\n');
}
