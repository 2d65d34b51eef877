import { SaxesParser } from 'saxes';
import { entryChunks, notWorkbook, tooBigUnpacked, type ZipEntry } from './zip-guard.ts';

// The parts of an .xlsx around its rows: where the first worksheet is, its shared strings, which styles are dates.
// Every part is read in chunks through saxes (no DTD, no entity but XML's five): nothing is held whole.

export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
  /** true once the part holds nothing more the reader wants: the rest is left unread */
  done?(): boolean;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** One part through saxes, a chunk at a time; yields after each chunk so the caller can hand on what it built. */
export async function* readPart(bytes: Buffer, entry: ZipEntry, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser({ position: false });
  parser.on('doctype', () => {
    throw notWorkbook(); // no DTD in a workbook: its entities are never read
  });
  parser.on('error', () => {
    throw notWorkbook();
  });
  const { open, text, close } = handlers;
  if (open)
    parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Record<string, string>));
  if (text) parser.on('text', text);
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  const decoder = new TextDecoder();
  for await (const chunk of entryChunks(bytes, entry)) {
    parser.write(decoder.decode(chunk, { stream: true }));
    yield;
    if (handlers.done?.()) return;
  }
  parser.write(decoder.decode());
  parser.close();
}

async function readWhole(bytes: Buffer, entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
  for await (const _ of readPart(bytes, entry, handlers));
}

/** `target` as a part name, relative to the part whose relationships name it (or absolute from the root). */
function resolveTarget(source: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = source.split('/').slice(0, -1);
  for (const piece of target.split('/'))
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  return parts.join('/');
}

/** The relationships of a part: id → { type, part name }. */
async function relationships(bytes: Buffer, entries: Map<string, ZipEntry>, part: string) {
  const slash = part.lastIndexOf('/') + 1;
  const entry = entries.get(`${part.slice(0, slash)}_rels/${part.slice(slash)}.rels`);
  const found = new Map<string, { type: string; target: string }>();
  if (!entry) return found;
  await readWhole(bytes, entry, {
    open(name, attributes) {
      if (name !== 'Relationship' || found.size >= 10_000) return;
      const { Id, Type, Target } = attributes;
      if (Id && Type && Target) found.set(Id, { type: Type, target: resolveTarget(part, Target) });
    },
  });
  return found;
}

const ofType = (rels: Map<string, { type: string; target: string }>, suffix: string) =>
  [...rels.values()].find((rel) => rel.type.endsWith(suffix))?.target;

export interface Workbook {
  sheet: ZipEntry;
  sharedStrings: ZipEntry | undefined;
  styles: ZipEntry | undefined;
  /** the Mac's 1904 date system: serial dates count from 1904-01-01 */
  date1904: boolean;
}

/** The first worksheet (as the workbook lists them, not as the zip happens to order them) and its companions. */
export async function findWorkbook(bytes: Buffer, entries: Map<string, ZipEntry>): Promise<Workbook> {
  const bookName = ofType(await relationships(bytes, entries, ''), '/officeDocument') ?? 'xl/workbook.xml';
  const book = entries.get(bookName);
  if (!book) throw notWorkbook();
  let firstSheet: string | undefined;
  let date1904 = false;
  await readWhole(bytes, book, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name !== 'sheet' || firstSheet !== undefined) return;
      const id = Object.keys(attributes).find((key) => key === 'id' || key.endsWith(':id'));
      firstSheet = id ? (attributes[id] ?? '') : '';
    },
    done: () => firstSheet !== undefined,
  });
  const rels = await relationships(bytes, entries, bookName);
  const sheet = entries.get(rels.get(firstSheet ?? '')?.target ?? '');
  if (!sheet) throw notWorkbook();
  const part = (suffix: string) => entries.get(ofType(rels, suffix) ?? '');
  return { sheet, sharedStrings: part('/sharedStrings'), styles: part('/styles'), date1904 };
}

/** What a legitimate sheet's shared strings stay far below (a 50,000-row sheet has a few MB of them). */
export const SHARED_STRING_LIMITS = { count: 1_000_000, chars: 16 * 1024 * 1024 } as const;

/**
 * The shared strings, in order (rich text joined, phonetic guides left out). Each is kept to `cellChars + 1`
 * characters: the cell that uses a longer one is refused by name when its row is read.
 */
export async function readSharedStrings(
  bytes: Buffer,
  entry: ZipEntry,
  cellChars: number,
): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let total = 0;
  let inText = false;
  let phonetic = 0;
  await readWhole(bytes, entry, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't') inText = phonetic === 0;
    },
    text(text) {
      if (inText && current.length <= cellChars) current += text.slice(0, cellChars + 1 - current.length);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') {
        strings.push(current);
        total += current.length;
        if (strings.length > SHARED_STRING_LIMITS.count || total > SHARED_STRING_LIMITS.chars)
          throw tooBigUnpacked('textos demais na planilha');
      }
    },
  });
  return strings;
}

const BUILT_IN_DATE = (id: number) =>
  (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);

/** A number format that shows a date or time: a date letter outside quotes, brackets and escapes. */
export function isDateFormat(id: number, code: string | undefined): boolean {
  if (code === undefined) return BUILT_IN_DATE(id);
  return /[ymdhsb]/i.test(code.replace(/\[[^\]]*]|"[^"]*"|\\./g, '').replace(/general/gi, ''));
}

/** Excel's own limit on cell formats: past it a style is read as not a date. */
const MAX_STYLES = 65_536;

/** For each cell style (the `s` of a cell), whether its number format is a date. */
export async function readDateStyles(bytes: Buffer, entry: ZipEntry): Promise<boolean[]> {
  const formats = new Map<number, string>();
  const styles: number[] = [];
  let within = '';
  await readWhole(bytes, entry, {
    open(name, attributes) {
      if (name === 'numFmts' || name === 'cellXfs') within = name;
      else if (name === 'numFmt' && within === 'numFmts' && formats.size < MAX_STYLES)
        formats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'xf' && within === 'cellXfs' && styles.length < MAX_STYLES)
        styles.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === within) within = '';
    },
  });
  return styles.map((id) => isDateFormat(id, formats.get(id)));
}
