import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { XlsxRefused, xlsxRows, type XlsxRow } from '../../src/lib/uploads/xlsx-rows.ts';
import { SHARED_STRING_LIMITS } from '../../src/lib/uploads/xlsx-parts.ts';
import { buildZip } from '../hostile-files.ts';

// The streaming reader on workbooks written by hand, part by part: what a spreadsheet program may write that the
// exceljs-made sheets of the other tests never do.

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const LIMITS = { rows: 1_000, columns: 200, cellChars: 32_767 };

interface Book {
  /** the worksheets in the workbook's order: [name, part file, XML between <sheetData> and </sheetData>] */
  sheets: Array<[string, string, string]>;
  sharedStrings?: string;
  styles?: string;
  date1904?: boolean;
}

function workbook({ sheets, sharedStrings, styles, date1904 }: Book): Promise<Buffer> {
  const part = (name: string, text: string) => ({ name, content: Buffer.from(text) });
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`;
  // parts in an order unlike the workbook's: the reader must go by workbook.xml, not by the zip
  return buildZip([
    ...[...sheets]
      .reverse()
      .map(([, file, rows]) =>
        part(
          `xl/worksheets/${file}`,
          `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`,
        ),
      ),
    part(
      '_rels/.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${REL}">${date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets>${sheets
        .map(([name], index) => `<sheet name="${name}" sheetId="${index + 1}" r:id="rS${index}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${[
        ...sheets.map(([, file], index) => rel(`rS${index}`, 'worksheet', `worksheets/${file}`)),
        sharedStrings === undefined ? '' : rel('rT', 'sharedStrings', 'sharedStrings.xml'),
        styles === undefined ? '' : rel('rY', 'styles', '/xl/styles.xml'),
      ].join('')}</Relationships>`,
    ),
    ...(sharedStrings === undefined
      ? []
      : [part('xl/sharedStrings.xml', `<sst xmlns="${MAIN}">${sharedStrings}</sst>`)]),
    ...(styles === undefined
      ? []
      : [part('xl/styles.xml', `<styleSheet xmlns="${MAIN}">${styles}</styleSheet>`)]),
  ]);
}

async function read(bytes: Buffer, limits = LIMITS): Promise<XlsxRow[]> {
  const rows: XlsxRow[] = [];
  for await (const batch of xlsxRows(bytes, limits)) rows.push(...batch);
  return rows;
}

describe('the streaming .xlsx reader', () => {
  it('reads the first worksheet the workbook lists, whatever order the zip keeps its parts in', async () => {
    const bytes = await workbook({
      sheets: [
        ['Movimentos', 'sheet9.xml', '<row r="1"><c r="A1" t="inlineStr"><is><t>primeira</t></is></c></row>'],
        ['Instruções', 'sheet1.xml', '<row r="1"><c r="A1" t="inlineStr"><is><t>segunda</t></is></c></row>'],
      ],
    });
    expect(await read(bytes)).toEqual([{ line: 1, cells: ['primeira'] }]);
  });

  it('reads shared, rich and inline text, numbers, booleans, errors, dates by style and by 1904 system', async () => {
    const styles =
      '<numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="#,##0.00 &quot;dias&quot;"/></numFmts>' +
      '<cellStyleXfs><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="165"/></cellXfs>';
    const sharedStrings =
      '<si><t>Arroz</t></si><si><r><t>Fei</t></r><r><rPr><b/></rPr><t>jão</t></r><rPh><t>ふりがな</t></rPh></si>';
    const rows =
      '<row r="3"><c r="A3" t="s"><v>0</v></c><c r="C3" t="s"><v>1</v></c><c r="D3" t="inlineStr"><is><t xml:space="preserve"> a &amp; b </t></is></c></row>' +
      '<row r="4"><c r="A4" s="1"><v>46300</v></c><c r="B4" s="2"><v>46300.5</v></c><c r="C4" s="3"><v>12.5</v></c><c r="D4"><v>7</v></c></row>' +
      '<row r="5"><c r="A5" t="b"><v>1</v></c><c r="B5" t="b"><v>0</v></c><c r="C5" t="e"><v>#DIV/0!</v></c><c r="D5" t="str"><f>A1</f><v>fórmula</v></c></row>' +
      '<row r="6"><c r="A6" s="1"/><c r="B6" t="inlineStr"><is><t>   </t></is></c></row>' +
      '<row><c t="inlineStr"><is><t>sem r</t></is></c><c><v>2</v></c></row>' +
      // a date-formatted serial past any calendar is read as the number it is, not as an invalid date
      '<row r="9"><c r="A9" s="1"><v>1e20</v></c><c r="B9" s="2"><v>-1e300</v></c></row>';
    const [plain, mac] = await Promise.all([
      workbook({ sheets: [['A', 'sheet1.xml', rows]], sharedStrings, styles }),
      workbook({ sheets: [['A', 'sheet1.xml', rows]], sharedStrings, styles, date1904: true }),
    ]);
    const day = new Date(Date.UTC(2026, 9, 5)); // serial 46300
    expect(await read(plain)).toEqual([
      { line: 3, cells: ['Arroz', null, 'Feijão', ' a & b '] },
      { line: 4, cells: [day, new Date(day.getTime() + 12 * 3_600_000), 12.5, 7] },
      { line: 5, cells: ['VERDADEIRO', 'FALSO', null, 'fórmula'] },
      { line: 7, cells: ['sem r', 2] },
      { line: 9, cells: [1e20, -1e300] },
    ]);
    expect((await read(mac))[1]?.cells[0]).toEqual(new Date(Date.UTC(2030, 9, 6)));
  });

  it('refuses past its limits as it reads: rows, a value past the last column, a long cell by its address', async () => {
    const many = await workbook({ sheets: [['A', 'sheet1.xml', '<row/>'.repeat(11)]] });
    await expect(read(many, { ...LIMITS, rows: 10 })).rejects.toEqual(new XlsxRefused({ kind: 'rows' }));
    const wide = await workbook({
      sheets: [['A', 'sheet1.xml', '<row r="2"><c r="A2"/><c r="GZ2"/><c r="HA2"><v>1</v></c></row>']],
    });
    await expect(read(wide)).rejects.toMatchObject({ problem: { kind: 'columns', line: 2 } });
    // empty cells past the last column are only padding
    const padded = await workbook({
      sheets: [['A', 'sheet1.xml', '<row r="2"><c r="A2"><v>1</v></c><c r="ZZ2"/></row>']],
    });
    expect(await read(padded)).toEqual([{ line: 2, cells: [1] }]);
    const long = await workbook({
      sheets: [['A', 'sheet1.xml', '<row r="9"><c r="B9" t="s"><v>0</v></c></row>']],
      sharedStrings: `<si><t>${'x'.repeat(101)}</t></si>`,
    });
    await expect(read(long, { ...LIMITS, cellChars: 100 })).rejects.toMatchObject({
      problem: { kind: 'cell', line: 9, column: 1 },
    });
  });

  it('refuses shared strings beyond what any real sheet needs (413), and a DTD (415)', async () => {
    // text that does not compress much (one letter repeated would be refused earlier, by its ratio), each string a
    // little past the longest cell kept, so deflate's 32 KB window finds no repeat
    const block = `<si><t>${Array.from(randomBytes(33_000), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}</t></si>`;
    const crowded = await workbook({
      sheets: [['A', 'sheet1.xml', '']],
      sharedStrings: block.repeat(Math.ceil(SHARED_STRING_LIMITS.chars / 32_768) + 1),
    });
    await expect(read(crowded)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('textos demais'),
    });
    const withDtd = await buildZip([
      {
        name: 'xl/workbook.xml',
        content: Buffer.from('<!DOCTYPE w [<!ENTITY a "aaaa">]><workbook><sheets/></workbook>'),
      },
    ]);
    await expect(read(withDtd)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  }, 30_000);
});
