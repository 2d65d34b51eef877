import { MONTH_NAMES } from '@armazem/contracts/movements';
import { countLabel } from '@armazem/contracts/plural';
import { formatMoney } from '@armazem/contracts/money';
import type { TSettings } from '@armazem/contracts/settings';
import { quantityLabel } from '../../lib/numbers.ts';
import type { FastFont } from '../../lib/pdf-table.ts';
import {
  documentLine,
  drawTexts,
  generatedLine,
  landscapePdf,
  pageFooters,
  tableOf,
  wrap,
  type PdfTable,
  type Column,
  type Doc,
} from '../../lib/pdf-table.ts';
import type { ReportData } from './report-data.ts';

/** A total or value in the report: to the cent. */
const cents = (value: bigint) => formatMoney(value, { cents: true });

const COLUMNS: readonly Column[] = [
  // 762 pt: A4 landscape width minus both margins. Codes and names wrap inside their column, never cut.
  { title: 'Código', width: 140, align: 'left' },
  { title: 'Produto', width: 232, align: 'left' },
  { title: 'Un.', width: 26, align: 'left' },
  { title: 'Saldo inicial', width: 58, align: 'right' },
  { title: 'Entradas', width: 54, align: 'right' },
  { title: 'Saídas', width: 54, align: 'right' },
  { title: 'Saldo final', width: 58, align: 'right' },
  { title: 'Custo médio', width: 64, align: 'right' },
  { title: 'Valor final', width: 76, align: 'right' },
];

const MARGIN = 40;
/** Height of one printed line of the table (7 pt type plus leading). */
const LINE = 9;
const ROW_GAP = 3;

/** The document being drawn, its fonts (embedded once), its table and what every page's header shows. */
interface Page {
  doc: Doc;
  settings: TSettings;
  period: string;
  /** a reopening of the month, with its reason, on a line of its own under the title */
  reopened: string | null;
  regular: FastFont;
  bold: FastFont;
  table: PdfTable;
}

const fullWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;

function header({
  doc,
  settings,
  period,
  reopened,
  regular,
  bold,
}: Pick<Page, 'doc' | 'settings' | 'period' | 'reopened' | 'regular' | 'bold'>) {
  drawTexts(doc, bold, 13, [[settings.businessName, MARGIN, MARGIN]]);
  const details = [
    settings.businessDocument ? documentLine(settings.businessDocument) : '',
    settings.businessAddress,
  ]
    .filter(Boolean)
    .join(' · ');
  if (details) drawTexts(doc, regular, 8, [[details, MARGIN, MARGIN + 16]]);
  drawTexts(doc, bold, 11, [[`Relatório de movimentação de estoque — ${period}`, MARGIN, MARGIN + 30]]);
  const notes = reopened ? wrap(regular, 8, reopened, fullWidth(doc)) : [];
  drawTexts(
    doc,
    regular,
    8,
    notes.map((line, i): [string, number, number] => [line, MARGIN, MARGIN + 45 + 10 * i]),
  );
  const rule = MARGIN + 46 + 10 * notes.length;
  doc
    .moveTo(MARGIN, rule)
    .lineTo(doc.page.width - MARGIN, rule)
    .lineWidth(0.5)
    .stroke();
  doc.y = rule + 6;
}

/** Per-category lines with subtotals, then the grand total. */
function stockTable(page: Page, data: ReportData) {
  const { doc, table, bold } = page;
  table.header();
  for (const category of data.categories) {
    table.ensureSpace(2 * LINE + 2 * ROW_GAP + 2);
    const y = doc.y + 2;
    drawTexts(
      doc,
      bold,
      8,
      wrap(bold, 8, category.name, fullWidth(doc) - 4).map((text, index) => [text, MARGIN, y + index * LINE]),
    );
    doc.y += LINE + ROW_GAP + 2;
    const subtotal = ['', `Subtotal ${category.name}`, '', '', '', '', '', '', cents(category.closingValue)];
    category.lines.forEach((item, index) => {
      const cells = [
        item.sku,
        item.name,
        item.unit,
        quantityLabel(item.opening),
        quantityLabel(item.entries),
        quantityLabel(item.exits),
        quantityLabel(item.closing),
        formatMoney(item.averageCost),
        cents(item.closingValue),
      ];
      // the last line goes with its subtotal: a subtotal never opens a page on its own (issue 33)
      if (index === category.lines.length - 1)
        table.ensureSpace(table.heightOf(cells) + table.heightOf(subtotal, true));
      table.row(cells);
    });
    table.row(subtotal, true);
  }
  table.ensureSpace(LINE + ROW_GAP + 3);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .lineWidth(0.5)
    .stroke();
  doc.y += 3;
  const total = `Total geral (${countLabel(data.totals.products, 'produto', 'produtos')})`;
  table.row(['', total, '', '', '', '', '', '', cents(data.totals.closingValue)], true);
}

/** The sheets imported for the month, one wrapped paragraph each. */
function sheetList(page: Page, data: ReportData) {
  const { doc, settings, table, regular, bold } = page;
  table.ensureSpace(4 * LINE, false);
  doc.y += 12;
  drawTexts(doc, bold, 10, [['Planilhas importadas no mês', MARGIN, doc.y]]);
  doc.y += 16;
  if (data.movements.length === 0) {
    drawTexts(doc, regular, 8, [['Nenhuma planilha importada para este mês.', MARGIN, doc.y]]);
  }
  const when = new Intl.DateTimeFormat('pt-BR', {
    timeZone: settings.timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  for (const movement of data.movements) {
    const lines = wrap(
      regular,
      8,
      `${movement.fileName} — ${countLabel(movement.rows, 'linha', 'linhas')} (${countLabel(movement.entries, 'entrada', 'entradas')}, ${countLabel(movement.exits, 'saída', 'saídas')}) — importada por ${movement.createdBy.name} em ${when.format(new Date(movement.createdAt))}${movement.description ? ` — ${movement.description}` : ''}`,
      fullWidth(doc) - 4,
    );
    table.ensureSpace(lines.length * (LINE + 1) + ROW_GAP, false);
    const y = doc.y;
    drawTexts(
      doc,
      regular,
      8,
      lines.map((text, index) => [text, MARGIN, y + index * (LINE + 1)]),
    );
    doc.y += lines.length * (LINE + 1) + ROW_GAP;
  }
}

/**
 * A4 landscape report of a month: header with business and period, per-category lines with subtotals, totals,
 * sheets, and page footers ("Gerado em … por …", "Página X de Y"). The column header repeats on every page; long
 * codes and names wrap. Both fonts are embedded once; each table row is one block of text operators.
 */
export function renderReport(
  data: ReportData,
  settings: TSettings,
  user: string,
  generatedAt: Date,
): Promise<Buffer> {
  const pdf = landscapePdf(MARGIN, {
    Title: `Relatório de estoque ${String(data.month).padStart(2, '0')}/${data.year}`,
    Author: settings.businessName,
  });
  const { doc, regular, bold } = pdf;
  const { closed = null, reopened = null } = data.period ?? {};
  const day = (date: string) => date.split('-').reverse().join('/');
  const heading = {
    doc,
    settings,
    regular,
    bold,
    // an open month says so: its figures may still change (issue 33)
    period: `${MONTH_NAMES[data.month - 1]} de ${data.year} · ${closed ? `Mês fechado em ${day(closed.on)} por ${closed.by}` : 'mês aberto'}`,
    reopened: reopened
      ? `${closed ? 'Reaberto antes' : 'Mês reaberto'} em ${day(reopened.on)} por ${reopened.by}${reopened.reason ? `. Motivo: ${reopened.reason}` : ''}`
      : null,
  };
  const table = tableOf(pdf, COLUMNS, { line: LINE, gap: ROW_GAP, size: 7, newPage: () => header(heading) });
  const page: Page = { ...heading, table };

  header(page);
  if (data.categories.length === 0) {
    drawTexts(doc, regular, 10, [
      ['Nenhum produto com saldo ou movimentação neste mês.', MARGIN, doc.y + 10],
    ]);
    doc.y += 24;
  } else {
    stockTable(page, data);
  }
  sheetList(page, data);
  pageFooters(doc, regular, 7, MARGIN, generatedLine(settings.timeZone, generatedAt, user));
  doc.end();
  return pdf.done;
}
