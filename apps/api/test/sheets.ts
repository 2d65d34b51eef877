import ExcelJS from 'exceljs';
import { TEMPLATE_HEADER } from '../src/domain/movements/template.ts';

export type Cell = string | number | Date | null;

/** An .xlsx built the way a spreadsheet program saves one: real dates, numbers, a header row. */
export async function makeXlsx(
  rows: Cell[][],
  options: { dateFormat?: string; sheetName?: string } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Movimentação');
  for (const row of rows) {
    const added = sheet.addRow(row);
    row.forEach((cell, index) => {
      if (cell instanceof Date) added.getCell(index + 1).numFmt = options.dateFormat ?? 'dd/mm/yyyy';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV as a Brazilian spreadsheet program writes it: `;` and Windows-1252 by default. */
export function makeCsv(
  rows: Cell[][],
  options: { delimiter?: string; encoding?: 'latin1' | 'utf8'; bom?: boolean } = {},
): Buffer {
  const delimiter = options.delimiter ?? ';';
  const text = rows
    .map((row) =>
      row
        .map((cell) => {
          const value = cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? '');
          return value.includes(delimiter) || value.includes('"')
            ? `"${value.replaceAll('"', '""')}"`
            : value;
        })
        .join(delimiter),
    )
    .join('\r\n');
  const body = Buffer.from(text, options.encoding ?? 'latin1');
  return options.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid zip archive that is not a workbook (one stored text file). */
export function zipWithoutWorkbook(): Buffer {
  const name = Buffer.from('leia-me.txt');
  const data = Buffer.from('não sou uma planilha');
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  crc = (crc ^ 0xffffffff) >>> 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** The template's columns, less the optional reason: the header of the sheets these tests build. */
export const HEADER: Cell[] = TEMPLATE_HEADER.filter((title) => title !== 'Motivo');
/** multipart/form-data for app.inject, built by the platform's own FormData. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; type?: string },
) {
  const form = new FormData();
  if (file)
    form.append(
      'sheet',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
