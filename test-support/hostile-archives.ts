import { constants, crc32, deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';

/**
 * Hostile .zip files for the document-batch tests (DESIGN.md §6.4: refused whole, in bounded time and memory). Each
 * is built in well under a second and without holding what it unpacks to: the bomb's 200 MB of zeros are one 1 MB
 * block deflated once and repeated. Every builder takes `valid`, good entries to put beside the hostile one (a
 * refusal must be of the whole archive, not of the bad entry only).
 */

export interface ArchiveEntry {
  name: string;
  bytes: Uint8Array | string;
}

interface RawEntry {
  name: string;
  /** the data as stored: deflated (method 8) or as it is (method 0) */
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  size: number;
  /** what the headers say the unpacked size is (a lie, when it differs from `size`) */
  declaredSize?: number;
  flags?: number;
}

const MB = 1024 * 1024;
const encoder = new TextEncoder();
const bytesOf = (bytes: Uint8Array | string) => (typeof bytes === 'string' ? encoder.encode(bytes) : bytes);

function deflated(name: string, content: Uint8Array | string): RawEntry {
  const bytes = bytesOf(content);
  return { name, data: deflateRawSync(bytes), method: 8, crc: crc32(bytes), size: bytes.length };
}

function stored(name: string, content: Uint8Array | string): RawEntry {
  const bytes = bytesOf(content);
  return { name, data: bytes, method: 0, crc: crc32(bytes), size: bytes.length };
}

/** A zip as any archiver writes it (local headers, data, central directory, end record; zip64 past 65,535 entries). */
export function writeZip(entries: RawEntry[]): Uint8Array {
  const names = entries.map((entry) => encoder.encode(entry.name));
  const dataSize = entries.reduce(
    (total, entry, i) => total + 30 + (names[i]?.length ?? 0) + entry.data.length,
    0,
  );
  const directorySize = names.reduce((total, name) => total + 46 + name.length, 0);
  const zip64 = entries.length > 0xffff ? 76 : 0;
  const out = Buffer.alloc(dataSize + directorySize + zip64 + 22);
  let offset = 0;
  let at = dataSize;
  entries.forEach((entry, i) => {
    const name = names[i] as Uint8Array;
    out.writeUInt32LE(0x04034b50, offset);
    out.writeUInt16LE(20, offset + 4);
    out.writeUInt16LE(entry.flags ?? 0, offset + 6);
    out.writeUInt16LE(entry.method, offset + 8);
    out.writeUInt32LE(entry.crc >>> 0, offset + 14);
    out.writeUInt32LE(entry.data.length, offset + 18);
    out.writeUInt32LE(entry.declaredSize ?? entry.size, offset + 22);
    out.writeUInt16LE(name.length, offset + 26);
    out.set(name, offset + 30);
    out.set(entry.data, offset + 30 + name.length);
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(20, at + 4);
    out.writeUInt16LE(20, at + 6);
    out.writeUInt16LE(entry.flags ?? 0, at + 8);
    out.writeUInt16LE(entry.method, at + 10);
    out.writeUInt32LE(entry.crc >>> 0, at + 16);
    out.writeUInt32LE(entry.data.length, at + 20);
    out.writeUInt32LE(entry.declaredSize ?? entry.size, at + 24);
    out.writeUInt16LE(name.length, at + 28);
    out.writeUInt32LE(offset, at + 42);
    out.set(name, at + 46);
    offset += 30 + name.length + entry.data.length;
    at += 46 + name.length;
  });
  if (zip64) writeZip64End(out, at, entries.length, directorySize, dataSize);
  const end = at + zip64;
  out.writeUInt32LE(0x06054b50, end);
  out.writeUInt16LE(Math.min(entries.length, 0xffff), end + 8);
  out.writeUInt16LE(Math.min(entries.length, 0xffff), end + 10);
  out.writeUInt32LE(directorySize, end + 12);
  out.writeUInt32LE(dataSize, end + 16);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/** More than 65,535 entries: the zip64 end record and its locator at `at`, as archivers write them (APPNOTE 4.3.14–15). */
function writeZip64End(
  out: Buffer,
  at: number,
  count: number,
  directorySize: number,
  directoryOffset: number,
) {
  out.writeUInt32LE(0x06064b50, at);
  out.writeBigUInt64LE(44n, at + 4);
  out.writeUInt16LE(45, at + 12);
  out.writeUInt16LE(45, at + 14);
  out.writeBigUInt64LE(BigInt(count), at + 24);
  out.writeBigUInt64LE(BigInt(count), at + 32);
  out.writeBigUInt64LE(BigInt(directorySize), at + 40);
  out.writeBigUInt64LE(BigInt(directoryOffset), at + 48);
  out.writeUInt32LE(0x07064b50, at + 56);
  out.writeBigUInt64LE(BigInt(at), at + 64);
  out.writeUInt32LE(1, at + 72);
}

const withValid = (valid: ArchiveEntry[]) => valid.map((entry) => deflated(entry.name, entry.bytes));

/**
 * A deflate stream of `megabytes` MB of zeros: 1 MB deflated with a full flush (a block boundary that resets the
 * dictionary, so copies of it chain), repeated, and an empty final block. ~1 KB per MB.
 */
function zeros(megabytes: number): { data: Uint8Array; crc: number; size: number } {
  const block = Buffer.alloc(MB);
  const chunk = deflateRawSync(block, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const data = Buffer.alloc(chunk.length * megabytes + 2);
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    chunk.copy(data, i * chunk.length);
    crc = crc32(block, crc);
  }
  data.writeUInt16LE(0x0003, chunk.length * megabytes); // BFINAL, fixed Huffman, end of block
  return { data, crc, size: megabytes * MB };
}

/**
 * A zip bomb: `name` inflates to `megabytes` MB of zeros (default 200, forty times an NF-e's 5 MB) from ~200 KB.
 * `declaredSize` makes both headers lie about the unpacked size (say 1,000 bytes, so a reader that trusts the
 * header allocates that and writes past it, or stops trusting nothing).
 */
export function zipBomb(
  options: { megabytes?: number; declaredSize?: number; name?: string; valid?: ArchiveEntry[] } = {},
): Uint8Array {
  const bomb = zeros(options.megabytes ?? 200);
  return writeZip([
    ...withValid(options.valid ?? []),
    {
      name: options.name ?? 'NFe-bomba.xml',
      method: 8,
      ...bomb,
      ...(options.declaredSize === undefined ? {} : { declaredSize: options.declaredSize }),
    },
  ]);
}

/** `count` tiny stored entries (default 100,000, five times the 20,000 documents an upload may hold; zip64): ~10 MB. */
export function manyEntries(count = 100_000, content = '<a/>'): Uint8Array {
  const bytes = encoder.encode(content);
  const crc = crc32(bytes);
  const entries: RawEntry[] = [];
  for (let i = 0; i < count; i++)
    entries.push({
      name: `n${String(i).padStart(6, '0')}.xml`,
      data: bytes,
      method: 0,
      crc,
      size: bytes.length,
    });
  return writeZip(entries);
}

/** An entry whose name climbs out of where it would be unpacked (`../../etc/passwd`) or is absolute (`/tmp/x.xml`). */
export function pathTrick(
  name: '../../etc/passwd' | '/tmp/x.xml' | (string & {}) = '../../etc/passwd',
  options: { content?: Uint8Array | string; valid?: ArchiveEntry[] } = {},
): Uint8Array {
  return writeZip([
    ...withValid(options.valid ?? []),
    deflated(name, options.content ?? 'root:x:0:0:root:/root:/bin/bash\n'),
  ]);
}

/** A .zip inside the .zip (`inner.zip`, holding `inner` or one small XML). */
export function nestedZip(options: { inner?: ArchiveEntry[]; valid?: ArchiveEntry[] } = {}): Uint8Array {
  const inner = archiveOf(options.inner ?? [{ name: 'NFe-dentro.xml', bytes: '<NFe/>' }]);
  return writeZip([...withValid(options.valid ?? []), stored('inner.zip', inner)]);
}

/** A normal zip of `entries` (fflate, deflated). */
export function archiveOf(entries: ArchiveEntry[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const entry of entries) files[entry.name] = bytesOf(entry.bytes);
  return zipSync(files, { level: 6, mtime: new Date('2026-01-01T12:00:00Z') });
}

/** The central directory's entries: where each central header and its local header start. */
export function zipHeaders(zip: Uint8Array): Array<{ central: number; local: number; name: string }> {
  const view = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = view.length - 22;
  while (end >= 0 && view.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('zipHeaders: sem registro de fim do diretório central');
  let count = view.readUInt16LE(end + 10);
  let at = view.readUInt32LE(end + 16);
  if (count === 0xffff && end >= 20 && view.readUInt32LE(end - 20) === 0x07064b50) {
    const record = Number(view.readBigUInt64LE(end - 12));
    count = Number(view.readBigUInt64LE(record + 32));
    at = Number(view.readBigUInt64LE(record + 48));
  }
  const headers: Array<{ central: number; local: number; name: string }> = [];
  for (let i = 0; i < count; i++) {
    const nameLength = view.readUInt16LE(at + 28);
    const extra = view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
    const name = view.toString('utf8', at + 46, at + 46 + nameLength);
    headers.push({ central: at, local: view.readUInt32LE(at + 42), name });
    at += 46 + nameLength + extra;
  }
  return headers;
}

/**
 * A normal zip whose entries (or only the one named `only`) say they are encrypted: bit 0 of the general purpose
 * flag set in the local and the central header. The data stays readable, so only a reader that looks refuses it.
 */
export function encryptedEntry(entries: ArchiveEntry[], only?: string): Uint8Array {
  const zip = archiveOf(entries).slice();
  const view = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  for (const header of zipHeaders(zip)) {
    if (only !== undefined && header.name !== only) continue;
    view.writeUInt16LE(view.readUInt16LE(header.central + 8) | 1, header.central + 8);
    view.writeUInt16LE(view.readUInt16LE(header.local + 6) | 1, header.local + 6);
  }
  return zip;
}

/** A valid zip of `entries` cut at `fraction` of its length (default half): no central directory left. */
export function truncatedZip(entries: ArchiveEntry[], fraction = 0.5): Uint8Array {
  const zip = archiveOf(entries);
  return zip.slice(0, Math.floor(zip.length * fraction));
}
