import PDFDocument from 'pdfkit';
import { winAnsiChar } from '../../lib/win-ansi.ts';

type Doc = InstanceType<typeof PDFDocument>;

export interface TextCell {
  x: number;
  y: number;
  text: string;
}

/**
 * Many short texts in one of pdfkit's standard fonts, on pdfkit's public API only (docs/decisions/0087): each
 * character's width is measured once per font, on a document of its own (never drawn, so measuring leaves the drawn
 * document's font and size alone), and each cell is drawn by `text(…, { lineBreak: false })`, no layout asked.
 */
export function fastText(doc: Doc) {
  const meters = new Map<string, { meter: Doc; width: Map<string, number> }>();

  function charWidth(name: string, char: string) {
    let entry = meters.get(name);
    if (!entry) {
      entry = {
        meter: new PDFDocument({ autoFirstPage: false }).font(name).fontSize(1000),
        width: new Map(),
      };
      meters.set(name, entry);
    }
    let width = entry.width.get(char);
    if (width === undefined) {
      width = entry.meter.widthOfString(winAnsiChar(char));
      entry.width.set(char, width);
    }
    return width;
  }

  return {
    /** Width of `text` at `size` points in font `name`. */
    width(name: string, size: number, text: string): number {
      let total = 0;
      for (const char of text) total += charWidth(name, char);
      return (total * size) / 1000;
    },

    /** Draws the cells, each with its top at y (pdfkit's default baseline); leaves `name` and `size` as the doc's. */
    line(name: string, size: number, cells: readonly TextCell[]): void {
      doc.font(name).fontSize(size);
      for (const cell of cells) {
        if (cell.text)
          doc.text(Array.from(cell.text, winAnsiChar).join(''), cell.x, cell.y, { lineBreak: false });
      }
    },
  };
}
