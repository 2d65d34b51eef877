import type PDFDocument from 'pdfkit';
import { winAnsiChar } from '../../lib/win-ansi.ts';

type Doc = InstanceType<typeof PDFDocument>;

/** What pdfkit keeps of a standard font that the fast path reads (not in its public types). */
interface StandardFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], unknown[]];
  ref(): unknown;
}
interface DocInternals {
  _font: StandardFont;
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(data: string): void;
}

export interface TextCell {
  x: number;
  y: number;
  text: string;
}

interface FontEntry {
  name: string;
  font: StandardFont;
  hex: Map<string, string>;
  width: Map<string, number>;
}

const number = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * Many short texts in one of pdfkit's standard fonts, fast: pdfkit's `text()` lays out each call (about 0.25 ms),
 * which made a 10,000-line book take 12 s. Here each character's code and width are looked up once per font and a
 * whole line of cells goes out as one text object, placed exactly as `text(…, { lineBreak: false })` places it.
 */
export function fastText(doc: Doc) {
  const inner = doc as unknown as DocInternals;
  const fonts = new Map<string, FontEntry>();

  // The document's own font and size are left as they were: only a first sighting of a font or character asks pdfkit.
  function use(name: string): FontEntry {
    let entry = fonts.get(name);
    if (!entry) {
      const saved = inner._font;
      doc.font(name);
      entry = { name, font: inner._font, hex: new Map<string, string>(), width: new Map<string, number>() };
      fonts.set(name, entry);
      inner._font = saved;
    }
    return entry;
  }

  function charWidth(entry: FontEntry, char: string) {
    let width = entry.width.get(char);
    if (width === undefined) {
      const saved = { font: inner._font, size: inner._fontSize };
      doc.font(entry.name);
      width = doc.fontSize(1000).widthOfString(winAnsiChar(char));
      entry.width.set(char, width);
      inner._font = saved.font;
      doc.fontSize(saved.size);
    }
    return width;
  }

  return {
    /** Width of `text` at `size` points in font `name`. */
    width(name: string, size: number, text: string): number {
      const entry = use(name);
      let total = 0;
      for (const char of text) total += charWidth(entry, char);
      return (total * size) / 1000;
    },

    /** Draws the cells (top-left anchored, like pdfkit's default baseline) in one text object. */
    line(name: string, size: number, cells: readonly TextCell[]): void {
      const entry = use(name);
      const { font } = entry;
      const height = inner.page.height;
      if (inner.page.fonts[font.id] == null) inner.page.fonts[font.id] = font.ref();
      const dy = (font.ascender / 1000) * size;
      const parts = [`q 1 0 0 -1 0 ${number(height)} cm BT /${font.id} ${number(size)} Tf`];
      for (const cell of cells) {
        if (!cell.text) continue;
        let hex = '';
        for (const char of cell.text) {
          let code = entry.hex.get(char);
          if (code === undefined) {
            code = font.encode(winAnsiChar(char))[0].join('');
            entry.hex.set(char, code);
          }
          hex += code;
        }
        parts.push(`1 0 0 1 ${number(cell.x)} ${number(height - cell.y - dy)} Tm <${hex}> Tj`);
      }
      parts.push('ET Q');
      inner.addContent(parts.join('\n'));
    },
  };
}
