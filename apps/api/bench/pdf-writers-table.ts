// The table pdf-writers.bench.ts draws (8 columns, Helvetica WinAnsi with accents, right-aligned numbers, a heading and
// the column header on every page, "Página X de Y" at the foot), the layout the public-API writers share (wrapping
// and page breaks, widths cached per character), and the pdfkit writers: the fast path itself (lib/pdf-table.ts, as
// the monthly report uses it) and two that use only pdfkit's documented API (decision 0087).
import type PDFKit from 'pdfkit';
import type { Column } from '../src/lib/pdf-table.ts';

export const MARGIN = 36;
export const SIZE = 7;
export const LINE = 9;
export const GAP = 2;
export const W = 841.89;
export const H = 595.28;
const BOTTOM = H - MARGIN - 20;
/** Helvetica's (and Helvetica-Bold's) ascender, from its AFM: text is placed by its top, as pdfkit places it. */
export const ASCENDER = 718;
export const COLUMNS: Column[] = [
  { title: 'Código', width: 70, align: 'left' },
  { title: 'Descrição', width: 240, align: 'left' },
  { title: 'Unidade', width: 40, align: 'left' },
  { title: 'Entradas', width: 70, align: 'right' },
  { title: 'Saídas', width: 70, align: 'right' },
  { title: 'Saldo', width: 70, align: 'right' },
  { title: 'Custo médio', width: 90, align: 'right' },
  { title: 'Valor em estoque', width: 110, align: 'right' },
];
export const RULE_WIDTH = COLUMNS.reduce((total, column) => total + column.width, 0);
const NAMES = [
  'Açúcar refinado União 1 kg',
  'Feijão carioca tipo 1 — pacote',
  'Café torrado e moído extraforte',
  'Pão de queijo congelado',
  'Óleo de soja refinado 900 ml',
  'Maçã fuji nacional',
  'Sabão em pó limpeza pesada',
  'Macarrão espaguete nº 8',
];
const LONG =
  'Conjunto de parafusos sextavados em aço inoxidável com porcas e arruelas, caixa com 250 peças sortidas';
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const brl = (cents: number) => decimal.format(Math.round(cents) / 100);

/** `count` rows; every 37th has a description that wraps to two lines. */
export function rows(count: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < count; i += 1) {
    const seed = (i * 7919) % 100_003;
    const cost = (seed % 9000) * 3 + 99;
    out.push([
      `PRD-${String(i).padStart(6, '0')}`,
      i % 37 === 0 ? `${LONG} ${i}` : `${NAMES[i % NAMES.length]} ${i}`,
      ['UN', 'CX', 'KG', 'LT'][i % 4] ?? '',
      brl(seed * 13),
      brl(seed * 7),
      brl(seed * 6),
      brl(cost),
      brl((seed * 6 * cost) / 100),
    ]);
  }
  return out;
}

/** Draws `data` and resolves to the PDF's bytes; `sample` is called now and then to record the heap's peak. */
export type Writer = (data: string[][], sample: () => void) => Promise<Uint8Array>;
export const heading = (page: number) => `Relatório mensal de estoque — novembro de 2026 — folha ${page}`;
export const FOOT = 'Gerado em 28/11/2026, 13:05:03 por Ana Conceição';
export const pageLabel = (index: number, count: number) => `Página ${index} de ${count}`;

/** (a) the fast path: lib/pdf-table.ts, one block of text operators a row (pdfkit's private members). */
export const fastPath: Writer = async (data, sample) => {
  const { drawTexts, landscapePdf, pageFooters, tableOf } = await import('../src/lib/pdf-table.ts');
  const pdf = landscapePdf(MARGIN, { Title: 'Relatório', Author: 'Armazém' });
  let page = 1;
  const top = () => {
    drawTexts(pdf.doc, pdf.bold, 10, [[heading(page++), MARGIN, MARGIN]]);
    pdf.doc.y = MARGIN + 20;
  };
  top();
  const table = tableOf(pdf, COLUMNS, { line: LINE, gap: GAP, size: SIZE, newPage: top });
  table.header();
  data.forEach((cells, i) => {
    table.row(cells);
    if (i % 500 === 0) sample();
  });
  pageFooters(pdf.doc, pdf.regular, SIZE, MARGIN, FOOT);
  pdf.doc.end();
  return pdf.done;
};

// ─── The layout the public-API writers share ───
export type Face = 'R' | 'B';
export type Width = (face: Face, size: number, text: string) => number;
export interface Row {
  y: number;
  /** each column's lines */
  lines: string[][];
  count: number;
}

function wrap(width: (text: string) => number, value: string, room: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(/\s+/)) {
    if (!word) continue;
    const candidate = current ? `${current} ${word}` : word;
    if (width(candidate) <= room) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (width(rest) > room) {
      let take = rest.length - 1;
      while (take > 1 && width(rest.slice(0, take)) > room) take -= 1;
      lines.push(rest.slice(0, take));
      rest = rest.slice(take);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

/** A width function over the writer's own glyph widths at 1000 pt, each character asked once. */
export function cachedWidth(measure: (face: Face, char: string) => number): Width {
  const caches = { R: new Map<string, number>(), B: new Map<string, number>() };
  return (face, size, text) => {
    const cache = caches[face];
    let total = 0;
    for (const char of text) {
      let width = cache.get(char);
      if (width === undefined) {
        width = measure(face, char);
        cache.set(char, width);
      }
      total += width;
    }
    return (total * size) / 1000;
  };
}

/** The pages one at a time: the header's lines, then the rows that fit above the footer, each with its y. */
export function* layout(data: string[][], width: Width, sample: () => void) {
  const wrapRow = (cells: readonly string[], face: Face) =>
    COLUMNS.map((column, i) => wrap((t) => width(face, SIZE, t), cells[i] ?? '', column.width - 4));
  const header = wrapRow(
    COLUMNS.map((column) => column.title),
    'B',
  );
  const headerCount = Math.max(...header.map((lines) => lines.length));
  const first = MARGIN + 20 + headerCount * LINE + GAP;
  let page: Row[] = [];
  let y = first;
  for (let i = 0; i < data.length; i += 1) {
    const lines = wrapRow(data[i] ?? [], 'R');
    const count = Math.max(1, ...lines.map((cell) => cell.length));
    const height = count * LINE + GAP;
    if (y + height > BOTTOM) {
      yield { header, headerCount, rows: page };
      page = [];
      y = first;
    }
    page.push({ y, lines, count });
    y += height;
    if (i % 500 === 0) sample();
  }
  yield { header, headerCount, rows: page };
}

/** x of a line of column `index`: right-aligned columns end 4 pt before the next column. */
export function cellX(index: number, text: string, width: (text: string) => number): number {
  const x = COLUMNS.slice(0, index).reduce((left, column) => left + column.width, MARGIN);
  const column = COLUMNS[index];
  return column?.align === 'right' ? x + column.width - 4 - width(text) : x;
}

/** Every line of the page's header or one row, as `[text, x, y]` from the page's top-left. */
export function placed(lines: string[][], top: number, width: (text: string) => number) {
  return lines.flatMap((cell, c) =>
    cell.map((text, at): [string, number, number] => [text, cellX(c, text, width), top + at * LINE]),
  );
}

// ─── (b) pdfkit, documented API only ───
type KitDoc = InstanceType<typeof PDFKit>;

async function kitDocument() {
  const { default: Kit } = await import('pdfkit');
  const doc = new Kit({ size: 'A4', layout: 'landscape', margin: MARGIN, bufferPages: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  // widths from a document of their own, so that measuring never changes the drawing document's font
  const measurer = new Kit({ autoFirstPage: false });
  const width = cachedWidth((face, char) =>
    measurer
      .font(face === 'R' ? 'Helvetica' : 'Helvetica-Bold')
      .fontSize(1000)
      .widthOfString(char),
  );
  return { doc, done, width };
}

function kitTop(doc: KitDoc, page: number, header: string[][], width: Width) {
  doc.font('Helvetica-Bold').fontSize(10).text(heading(page), MARGIN, MARGIN, { lineBreak: false });
  doc.fontSize(SIZE);
  for (const [text, x, y] of placed(header, MARGIN + 20, (t) => width('B', SIZE, t)))
    doc.text(text, x, y, { lineBreak: false });
  const rule = MARGIN + 20 + Math.max(...header.map((lines) => lines.length)) * LINE;
  doc
    .moveTo(MARGIN, rule)
    .lineTo(MARGIN + RULE_WIDTH, rule)
    .lineWidth(0.3)
    .stroke();
  doc.font('Helvetica').fontSize(SIZE);
}

function kitFooters(doc: KitDoc, width: Width) {
  const range = doc.bufferedPageRange();
  doc.font('Helvetica').fontSize(SIZE);
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const label = pageLabel(i + 1, range.count);
    doc.text(FOOT, MARGIN, H - MARGIN + 8, { lineBreak: false });
    doc.text(label, W - MARGIN - width('R', SIZE, label), H - MARGIN + 8, { lineBreak: false });
  }
}

/** (b1) one `text(…, { lineBreak: false })` per line of a cell. */
export const kitPerCell: Writer = async (data, sample) => {
  const { doc, done, width } = await kitDocument();
  const regular = (text: string) => width('R', SIZE, text);
  let page = 0;
  for (const { header, rows: lines } of layout(data, width, sample)) {
    if (page > 0) doc.addPage();
    kitTop(doc, ++page, header, width);
    for (const row of lines)
      for (const [text, x, y] of placed(row.lines, row.y, regular))
        if (text) doc.text(text, x, y, { lineBreak: false });
  }
  kitFooters(doc, width);
  doc.end();
  return done;
};

/** (b2) one `text()` per column per run of one-line rows: the lines joined by "\n", the pitch fixed by lineGap. */
export const kitPerColumn: Writer = async (data, sample) => {
  const { doc, done, width } = await kitDocument();
  const natural = doc.font('Helvetica').fontSize(SIZE).currentLineHeight(true);
  const draw = (texts: string[], c: number, y: number, pitch: number) => {
    const column = COLUMNS[c];
    const x = COLUMNS.slice(0, c).reduce((left, k) => left + k.width, MARGIN);
    if (column)
      doc.text(texts.join('\n'), x, y, {
        width: column.width - 4,
        align: column.align,
        lineGap: pitch - natural,
      });
  };
  let page = 0;
  for (const { header, rows: lines } of layout(data, width, sample)) {
    if (page > 0) doc.addPage();
    kitTop(doc, ++page, header, width);
    let run: Row[] = [];
    const flush = () => {
      for (let c = 0; c < COLUMNS.length && run.length > 0; c += 1)
        draw(
          run.map((row) => row.lines[c]?.[0] ?? ''),
          c,
          run[0]?.y ?? 0,
          LINE + GAP,
        );
      run = [];
    };
    for (const row of lines) {
      if (row.count === 1) run.push(row);
      else {
        flush();
        row.lines.forEach((cell, c) => draw(cell, c, row.y, LINE));
      }
    }
    flush();
  }
  kitFooters(doc, width);
  doc.end();
  return done;
};
