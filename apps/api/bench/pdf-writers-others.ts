// The writers of pdf-writers.bench.ts on libraries the project does not depend on: pdf-lib (and its maintained fork
// @cantoo/pdf-lib) and jsPDF. They are loaded by name when installed (`npm i --no-save pdf-lib@1.17.1
// @cantoo/pdf-lib@2.11.1 jspdf@4.2.1`), so the types below are the few members used, written here.
import { deflateSync } from 'node:zlib';
import {
  ASCENDER,
  FOOT,
  H,
  LINE,
  MARGIN,
  RULE_WIDTH,
  SIZE,
  W,
  cachedWidth,
  heading,
  layout,
  pageLabel,
  placed,
  type Face,
  type Width,
  type Writer,
} from './pdf-writers-table.ts';

type Operator = { readonly operator: unknown };
interface LibFont {
  name: string;
  ref: unknown;
  widthOfTextAtSize(text: string, size: number): number;
  encodeText(text: string): { asString(): string };
}
interface LibPage {
  node: {
    newFontDictionary(tag: string, ref: unknown): { asString(): string };
    addContentStream(ref: unknown): void;
  };
  pushOperators(...operators: Operator[]): void;
}
interface LibDocument {
  embedFont(name: string): Promise<LibFont>;
  addPage(size: [number, number]): LibPage;
  context: { register(object: unknown): unknown; stream(contents: Uint8Array, dict: object): unknown };
  save(options: { useObjectStreams: boolean }): Promise<Uint8Array>;
}
interface PdfLib {
  PDFDocument: { create(): Promise<LibDocument> };
  StandardFonts: { Helvetica: string; HelveticaBold: string };
  beginText(): Operator;
  endText(): Operator;
  setFontAndSize(name: unknown, size: number): Operator;
  setTextMatrix(a: number, b: number, c: number, d: number, e: number, f: number): Operator;
  showText(text: unknown): Operator;
  setLineWidth(width: number): Operator;
  moveTo(x: number, y: number): Operator;
  lineTo(x: number, y: number): Operator;
  stroke(): Operator;
}

/** A package the bench may use, or a message saying how to install it. */
async function load<T>(name: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch {
    throw new Error(`${name} não está instalado: npm i --no-save ${name}`);
  }
}

type Cells = Array<[string, number, number]>;
interface Painter {
  /** text cells (top-left anchored) on one page, in one font and size */
  draw(page: LibPage, face: Face, size: number, cells: Cells): void;
  /** the rule under the column header, at `y` from the bottom */
  rule(page: LibPage, y: number): void;
  /** the page is done (for now) */
  flush(page: LibPage): void;
}

/** The document, its two standard fonts and their widths, then the table drawn page by page with `draw`. */
async function libTable(
  lib: PdfLib,
  data: string[][],
  sample: () => void,
  painter: (
    doc: LibDocument,
    fonts: Record<Face, LibFont>,
    keys: Map<LibPage, Record<Face, string>>,
  ) => Painter,
) {
  const doc = await lib.PDFDocument.create();
  const fonts = {
    R: await doc.embedFont(lib.StandardFonts.Helvetica),
    B: await doc.embedFont(lib.StandardFonts.HelveticaBold),
  };
  const width: Width = cachedWidth((face, char) => fonts[face].widthOfTextAtSize(char, 1000));
  const regular = (text: string) => width('R', SIZE, text);
  const keys = new Map<LibPage, Record<Face, string>>();
  const { draw, rule, flush } = painter(doc, fonts, keys);
  const pages: LibPage[] = [];
  for (const { header, headerCount, rows: lines } of layout(data, width, sample)) {
    const page = doc.addPage([W, H]);
    pages.push(page);
    const key = (face: Face) =>
      page.node.newFontDictionary(fonts[face].name, fonts[face].ref).asString().slice(1);
    keys.set(page, { R: key('R'), B: key('B') });
    draw(page, 'B', 10, [[heading(pages.length), MARGIN, MARGIN]]);
    draw(
      page,
      'B',
      SIZE,
      placed(header, MARGIN + 20, (t) => width('B', SIZE, t)),
    );
    rule(page, H - (MARGIN + 20 + headerCount * LINE));
    for (const row of lines) draw(page, 'R', SIZE, placed(row.lines, row.y, regular));
    flush(page);
  }
  pages.forEach((page, i) => {
    const label = pageLabel(i + 1, pages.length);
    draw(page, 'R', SIZE, [
      [FOOT, MARGIN, H - MARGIN + 8],
      [label, W - MARGIN - regular(label), H - MARGIN + 8],
    ]);
    flush(page);
  });
  sample();
  return doc.save({ useObjectStreams: false });
}

const baseline = (y: number, size: number) => H - y - (ASCENDER / 1000) * size;

/** (c1) pdf-lib's documented drawing layer: `page.pushOperators` with its operator helpers and `font.encodeText`. */
export const withOperators =
  (name: string): Writer =>
  async (data, sample) => {
    const lib = await load<PdfLib>(name);
    return libTable(lib, data, sample, (_doc, fonts, keys) => ({
      draw(page, face, size, cells) {
        const operators = [lib.beginText(), lib.setFontAndSize(keys.get(page)?.[face], size)];
        for (const [text, x, y] of cells)
          if (text)
            operators.push(
              lib.setTextMatrix(1, 0, 0, 1, x, baseline(y, size)),
              lib.showText(fonts[face].encodeText(text)),
            );
        operators.push(lib.endText());
        page.pushOperators(...operators);
      },
      rule: (page, y) =>
        page.pushOperators(
          lib.setLineWidth(0.3),
          lib.moveTo(MARGIN, y),
          lib.lineTo(MARGIN + RULE_WIDTH, y),
          lib.stroke(),
        ),
      flush: () => {},
    }));
  };

const num = (value: number) => (Math.round(value * 100) / 100).toString();

/**
 * (c2) pdf-lib's core layer (exported and typed, below the drawing API): each block of text operators written as text,
 * deflated by node's zlib and added as a content stream of the page; char codes from `font.encodeText`, one a char.
 */
export const withContentStreams =
  (name: string): Writer =>
  async (data, sample) => {
    const lib = await load<PdfLib>(name);
    return libTable(lib, data, sample, (doc, fonts, keys) => {
      const codes = { R: new Map<string, string>(), B: new Map<string, string>() };
      const hex = (face: Face, text: string) => {
        let out = '';
        for (const char of text) {
          let code = codes[face].get(char);
          if (code === undefined) {
            code = fonts[face].encodeText(char).asString();
            codes[face].set(char, code);
          }
          out += code;
        }
        return out;
      };
      // one content stream a page: the blocks of the page gathered, deflated and added when the page is done
      let pending: string[] = [];
      return {
        draw(page, face, size, cells) {
          let ops = `BT /${keys.get(page)?.[face]} ${num(size)} Tf`;
          for (const [text, x, y] of cells)
            if (text) ops += `\n1 0 0 1 ${num(x)} ${num(baseline(y, size))} Tm <${hex(face, text)}> Tj`;
          pending.push(`${ops}\nET\n`);
        },
        rule: (_page, y) =>
          pending.push(`0.3 w ${MARGIN} ${num(y)} m ${MARGIN + RULE_WIDTH} ${num(y)} l S\n`),
        flush(page) {
          const stream = doc.context.stream(deflateSync(pending.join('')), { Filter: 'FlateDecode' });
          page.node.addContentStream(doc.context.register(stream));
          pending = [];
        },
      };
    });
  };

interface JsPdf {
  setFont(family: string, style: string): JsPdf;
  setFontSize(size: number): JsPdf;
  getStringUnitWidth(text: string): number;
  text(text: string, x: number, y: number, options: { baseline: 'top' }): JsPdf;
  setLineWidth(width: number): JsPdf;
  line(x1: number, y1: number, x2: number, y2: number): JsPdf;
  addPage(): JsPdf;
  setPage(page: number): JsPdf;
  getNumberOfPages(): number;
  output(type: 'arraybuffer'): ArrayBuffer;
}
type JsPdfModule = { jsPDF: new (options: object) => JsPdf };

/** (d) jsPDF's documented API: one `text()` per line of a cell, widths from `getStringUnitWidth`. */
export const jsPdfPerCell: Writer = async (data, sample) => {
  const { jsPDF } = await load<JsPdfModule>('jspdf');
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress: true });
  const width = cachedWidth(
    (face, char) =>
      doc.setFont('helvetica', face === 'R' ? 'normal' : 'bold').getStringUnitWidth(char) * 1000,
  );
  const regular = (text: string) => width('R', SIZE, text);
  const cells = (list: Cells) => {
    for (const [text, x, y] of list) if (text) doc.text(text, x, y, { baseline: 'top' });
  };
  let page = 0;
  for (const { header, headerCount, rows: lines } of layout(data, width, sample)) {
    if (page > 0) doc.addPage();
    doc.setFont('helvetica', 'bold').setFontSize(10);
    cells([[heading(++page), MARGIN, MARGIN]]);
    doc.setFontSize(SIZE);
    cells(placed(header, MARGIN + 20, (t) => width('B', SIZE, t)));
    const rule = MARGIN + 20 + headerCount * LINE;
    doc.setLineWidth(0.3).line(MARGIN, rule, MARGIN + RULE_WIDTH, rule);
    doc.setFont('helvetica', 'normal');
    for (const row of lines) cells(placed(row.lines, row.y, regular));
  }
  const count = doc.getNumberOfPages();
  doc.setFont('helvetica', 'normal').setFontSize(SIZE);
  for (let i = 1; i <= count; i += 1) {
    const label = pageLabel(i, count);
    doc.setPage(i);
    cells([
      [FOOT, MARGIN, H - MARGIN + 8],
      [label, W - MARGIN - regular(label), H - MARGIN + 8],
    ]);
  }
  sample();
  return new Uint8Array(doc.output('arraybuffer'));
};
