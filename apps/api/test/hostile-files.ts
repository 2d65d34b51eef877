import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { listEntries, unpackEntry } from '../src/lib/uploads/zip-guard.ts';
import { HEADER, makeXlsx } from './sheets.ts';

/** One file of a hand-made zip: its bytes, or chunks streamed through deflate so 400 MB never sit in memory. */
export interface ZipPart {
  name: string;
  content: Buffer | (() => Iterable<Buffer>);
  /** What the headers claim the unpacked size is (a lie, when it differs). */
  declaredSize?: number;
}

async function pack(part: ZipPart): Promise<{ packed: Buffer; crc: number; size: number }> {
  if (Buffer.isBuffer(part.content))
    return { packed: deflateRawSync(part.content), crc: crc32(part.content), size: part.content.length };
  const deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const chunk of part.content()) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { packed: Buffer.concat(out), crc, size };
}

/** A zip as any archiver writes it: local headers, deflated data, central directory. */
export async function buildZip(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { packed, crc, size } = await pack(part);
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const SHEET_START = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
);
const SHEET_END = Buffer.from('</sheetData></worksheet>');

/** A row of inline-text cells, as XML. */
export function xmlRow(line: number, cells: string[]): string {
  const body = cells
    .map(
      (cell, index) =>
        `<c r="${String.fromCharCode(65 + index)}${line}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`,
    )
    .join('');
  return `<row r="${line}">${body}</row>`;
}

/**
 * A real workbook (made by exceljs) whose first worksheet is replaced by `sheetXml`, chunks of the XML between
 * `<sheetData>` and `</sheetData>`; `declaredSize` makes its header lie.
 */
export async function xlsxWithSheet(
  sheetXml: () => Iterable<Buffer>,
  options: { declaredSize?: number } = {},
): Promise<Buffer> {
  const base = await makeXlsx([HEADER]);
  const { entries } = listEntries(base);
  const parts: ZipPart[] = entries.map((entry) =>
    entry.name === 'xl/worksheets/sheet1.xml'
      ? {
          name: entry.name,
          content: function* () {
            yield SHEET_START;
            yield* sheetXml();
            yield SHEET_END;
          },
          ...(options.declaredSize === undefined ? {} : { declaredSize: options.declaredSize }),
        }
      : { name: entry.name, content: Buffer.from(unpackEntry(base, entry)) },
  );
  return buildZip(parts);
}

export const HEADER_TEXT = HEADER.map(String);

/** An .xlsx whose second row holds one cell of `megabytes` MB of the same letter: a few hundred KB on disk. */
export function xlsxWithHugeCell(megabytes: number, options: { declaredSize?: number } = {}) {
  const chunk = Buffer.alloc(1024 * 1024, 'A');
  return xlsxWithSheet(function* () {
    yield Buffer.from(xmlRow(1, HEADER_TEXT));
    yield Buffer.from('<row r="2"><c r="I2" t="inlineStr"><is><t>');
    for (let index = 0; index < megabytes; index += 1) yield chunk;
    yield Buffer.from('</t></is></c></row>');
  }, options);
}

/**
 * An .xlsx with a header, one movement and then `count` empty rows; `numbered: false` writes them as `<row/>`,
 * which packs 14 million rows in well under 1 MB.
 */
export function xlsxWithEmptyRows(count: number, { numbered = true } = {}) {
  return xlsxWithSheet(function* () {
    yield Buffer.from(xmlRow(1, HEADER_TEXT) + xmlRow(2, ['05/10/2026', 'P1', 'E', '1', '', '1']));
    const batch: string[] = [];
    for (let line = 3; line < count + 3; line += 1) {
      batch.push(numbered ? `<row r="${line}"/>` : '<row/>');
      if (batch.length === 10_000) yield Buffer.from(batch.splice(0).join(''));
    }
    yield Buffer.from(batch.join(''));
  });
}
