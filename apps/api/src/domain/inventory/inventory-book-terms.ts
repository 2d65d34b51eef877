import type { TSettings } from '@armazem/contracts/settings';
import { winAnsi } from '../../lib/win-ansi.ts';
import { documentLine, type Doc } from '../../lib/pdf-table.ts';
import { dateLabel } from '../shared/stock-rules.ts';

/**
 * Termo de abertura and termo de encerramento of the Registro de Inventário (docs/decisions/0072): the book's first
 * and last folhas, in the usual wording of a fiscal book's terms (Convênio SINIEF s/nº 1970), naming the business,
 * the number of folhas, the date of the stock listed, and where the responsible person and the accountant sign.
 */

export interface TermFacts {
  settings: TSettings;
  /** the stock's date, YYYY-MM-DD */
  date: string;
  /** the day the book was drawn up, YYYY-MM-DD */
  issuedOn: string;
  pages: number;
}

const GOODS =
  'mercadorias, matérias-primas, produtos intermediários, materiais de embalagem, produtos manufaturados e produtos em fabricação';

function identification(settings: TSettings): string[] {
  return [
    `Razão social: ${settings.businessName || 'não informada'}`,
    `Endereço: ${settings.businessAddress || 'não informado'}`,
    settings.businessDocument ? documentLine(settings.businessDocument) : 'CNPJ não informado',
    `Inscrição estadual: ${settings.businessStateRegistration || 'não informada'}`,
  ];
}

/** The paragraph of each term: what the book holds and what it is for. */
export function termText(kind: 'abertura' | 'encerramento', facts: TermFacts): string {
  const n = facts.pages;
  const verb = kind === 'abertura' ? 'servirá' : 'serviu';
  return (
    `Contém este livro ${n} folhas numeradas tipograficamente de 1 a ${n}, e ${verb} para o lançamento das ${GOODS} ` +
    `existentes em ${dateLabel(facts.date)} no estabelecimento do contribuinte abaixo identificado, ` +
    'inclusive as mercadorias próprias em poder de terceiros e as de terceiros em poder do estabelecimento, ' +
    'em listas separadas.'
  );
}

const MARGIN = 60;

/** Draws a term on the current page (a whole folha of its own). */
export function drawTerm(doc: Doc, kind: 'abertura' | 'encerramento', facts: TermFacts) {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(14);
  doc.text('REGISTRO DE INVENTÁRIO — Modelo 7', MARGIN, MARGIN + 20, { width, align: 'center' });
  doc.fontSize(12).text(`TERMO DE ${kind.toUpperCase()}`, MARGIN, doc.y + 10, { width, align: 'center' });
  doc.font('Helvetica').fontSize(10);
  doc.text(winAnsi(termText(kind, facts)), MARGIN, doc.y + 24, { width, align: 'justify' });
  doc.moveDown(1);
  for (const line of identification(facts.settings)) doc.text(winAnsi(line), MARGIN, doc.y + 2, { width });
  doc.text(`Data: ${dateLabel(facts.issuedOn)}`, MARGIN, doc.y + 14, { width });
  const y = Math.max(doc.y + 60, doc.page.height - MARGIN - 90);
  const half = (width - 40) / 2;
  const { name, crc } = facts.settings.accountant;
  // the accountant of the settings (the EFD's 0100) signs by name and CRC; blank lines while not informed
  const accountant = name ? `Contador: ${name}${crc ? ` — CRC ${crc}` : ''}` : 'Contador (nome e CRC)';
  for (const [index, who] of ['Responsável pela empresa', accountant].entries()) {
    const x = MARGIN + index * (half + 40);
    doc
      .moveTo(x, y)
      .lineTo(x + half, y)
      .lineWidth(0.5)
      .stroke();
    doc.text(winAnsi(who), x, y + 4, { width: half, align: 'center' });
  }
}
