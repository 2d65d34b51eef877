import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';
import { AppError } from '../errors.ts';

/**
 * What an .xlsx may cost once unpacked. A real 50,000-row sheet unpacks to about 18 MB of XML at a ratio of about
 * 10:1; the limits leave room for that and refuse zip bombs (a 400 MB cell or 14 million empty rows in 1 MB).
 */
export const ZIP_LIMITS = {
  entries: 1_000,
  entryBytes: 64 * 1024 * 1024,
  totalBytes: 128 * 1024 * 1024,
  /** Uncompressed ÷ compressed, checked on entries past `ratioFromBytes`. */
  ratio: 100,
  ratioFromBytes: 1024 * 1024,
} as const;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('pt-BR')} MB`;

export const tooBigUnpacked = (detail: string) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `A planilha é grande demais depois de descompactada (${detail}). Envie um arquivo com até 50.000 linhas, sem células enormes.`,
  );
export const damagedZip = () =>
  new AppError(
    'UNPROCESSABLE',
    'O arquivo .xlsx está danificado ou foi adulterado. Abra-o na planilha e salve de novo como .xlsx.',
  );
export const notWorkbook = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Arquivo não suportado: envie uma planilha .xlsx ou um arquivo .csv.',
  );

/** Reads the central directory: the list of entries with their declared sizes, before anything is unpacked. */
export function listEntries(bytes: Buffer): { entries: ZipEntry[]; directoryOffset: number } {
  const searchFrom = Math.max(0, bytes.length - (22 + 0xffff));
  let eocd = -1;
  for (let at = bytes.length - 22; at >= searchFrom; at -= 1) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw damagedZip();
  const count = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  // ZIP64 markers: no spreadsheet of 10 MB needs them
  if (count === 0xffff || directoryOffset === 0xffffffff) throw notWorkbook();
  if (count > ZIP_LIMITS.entries) throw tooBigUnpacked(`${count.toLocaleString('pt-BR')} partes internas`);
  if (directoryOffset + directorySize > eocd) throw damagedZip();

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== 0x02014b50) throw damagedZip();
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { entries, directoryOffset };
}

/** Refuses, from the declared sizes alone, what would be too costly to unpack. */
export function checkDeclaredSizes(entries: ZipEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.flags & 0x1) throw notWorkbook(); // encrypted
    if (entry.method !== 0 && entry.method !== 8) throw notWorkbook();
    if (entry.size > ZIP_LIMITS.entryBytes) throw tooBigUnpacked(`${mb(entry.size)} numa só parte`);
    if (
      entry.size > ZIP_LIMITS.ratioFromBytes &&
      entry.size / Math.max(entry.compressedSize, 1) > ZIP_LIMITS.ratio
    )
      throw tooBigUnpacked(
        `compressão de ${Math.round(entry.size / Math.max(entry.compressedSize, 1))} para 1`,
      );
    total += entry.size;
    if (total > ZIP_LIMITS.totalBytes) throw tooBigUnpacked(`${mb(total)} no total`);
  }
}

function dataStart(bytes: Buffer, entry: ZipEntry): number {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) throw damagedZip();
  const nameLength = bytes.readUInt16LE(at + 26);
  if (bytes.toString('utf8', at + 30, at + 30 + nameLength) !== entry.name) throw damagedZip();
  const localCompressed = bytes.readUInt32LE(at + 18);
  if (!(entry.flags & 0x8) && localCompressed !== entry.compressedSize) throw damagedZip();
  return at + 30 + nameLength + bytes.readUInt16LE(at + 28);
}

/**
 * Unpacks one entry, never producing more than it declared: a header that lies about its size is caught while
 * inflating, and the content must match the declared size and checksum.
 */
export function unpackEntry(bytes: Buffer, entry: ZipEntry): Buffer {
  const start = dataStart(bytes, entry);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw damagedZip();
  const packed = bytes.subarray(start, end);
  let content: Buffer;
  if (entry.method === 0) content = packed;
  else {
    try {
      content = inflateRawSync(packed, { maxOutputLength: Math.max(entry.size, 1) });
    } catch {
      throw damagedZip();
    }
  }
  if (content.length !== entry.size || crc32(content) >>> 0 !== entry.crc) throw damagedZip();
  return content;
}

/**
 * The entries must lie back to back exactly as the directory lists them, so nothing hidden sits between them (and a
 * reader that walked the local headers would see the same entries as one that reads the directory).
 */
function checkLayout(
  bytes: Buffer,
  entries: ZipEntry[],
  directoryOffset: number,
  each?: (entry: ZipEntry) => void,
) {
  const ordered = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  for (const entry of ordered) {
    if (entry.localOffset !== expected) throw damagedZip();
    each?.(entry);
    expected = dataStart(bytes, entry) + entry.compressedSize;
    if (entry.flags & 0x8) expected += bytes.readUInt32LE(expected) === 0x08074b50 ? 16 : 12;
  }
  if (expected !== directoryOffset) throw damagedZip();
}

/**
 * Checks a whole .xlsx, every entry unpacked (one at a time, so at most one entry is in memory): entry count,
 * declared sizes and ratios, layout, then the real unpacked size and checksum of each.
 */
export function guardZip(bytes: Buffer): void {
  const { entries, directoryOffset } = listEntries(bytes);
  checkDeclaredSizes(entries);
  checkLayout(bytes, entries, directoryOffset, (entry) => unpackEntry(bytes, entry));
}

/**
 * What the streaming reader needs before it unpacks anything: the directory, the declared sizes and ratios and the
 * layout, checked from the headers alone. Each entry is then verified as it is read (`entryChunks`).
 */
export function openZip(bytes: Buffer): Map<string, ZipEntry> {
  const { entries, directoryOffset } = listEntries(bytes);
  checkDeclaredSizes(entries);
  checkLayout(bytes, entries, directoryOffset);
  return new Map(entries.map((entry) => [entry.name, entry]));
}

const CHUNK = 64 * 1024;

/**
 * One entry's content as it inflates, a chunk at a time (only one chunk in memory): never a byte past its declared
 * size (a header that lies stops there, 422), and its exact size and checksum confirmed at the end.
 */
export async function* entryChunks(bytes: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const start = dataStart(bytes, entry);
  if (start + entry.compressedSize > bytes.length) throw damagedZip();
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (packed.length !== entry.size || crc32(packed) >>> 0 !== entry.crc) throw damagedZip();
    for (let at = 0; at < packed.length; at += CHUNK) yield packed.subarray(at, at + CHUNK);
    return;
  }
  const inflate = createInflateRaw({ chunkSize: CHUNK });
  inflate.end(packed);
  let size = 0;
  let crc = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.size) throw damagedZip();
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    throw error instanceof AppError ? error : damagedZip();
  } finally {
    inflate.destroy();
  }
  if (size !== entry.size || crc >>> 0 !== entry.crc) throw damagedZip();
}
