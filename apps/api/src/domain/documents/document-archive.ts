import { inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { BATCH_LIMITS } from '@armazem/contracts/document-batches';
import { formatBrazilian } from '@armazem/contracts/decimal';
import { AppError } from '../../lib/errors.ts';
import { MAX_NFE_BYTES } from '../nfe/nfe-public-service.ts';

/**
 * The files of a batch upload (DESIGN.md §6.4, decision 0070): many XML parts, or one .zip read with yauzl. A hostile
 * archive is refused whole, in bounded time and memory: its directory is checked before anything is inflated (entry
 * count, declared sizes, names, encryption), and inflating stops at the declared size (yauzl's `validateEntrySizes`)
 * or at our own limit, whichever comes first. An entry is kept as the archive holds it (deflated) and inflated only
 * when it is read, one at a time: a month's 70 MB of XML never sit in memory together (decision 0070).
 */

export interface DocumentFile {
  name: string;
  /** the XML; for an entry of a .zip, its bytes as the archive holds them (see `deflated`) */
  bytes: Uint8Array;
  /** an entry stored deflated: how many bytes its directory says it inflates to */
  deflated?: number;
}

/** What a .zip may hold once inflated: far more than a month of XML (5,000 NFC-e are about 30 MB). */
export const ARCHIVE_LIMITS = {
  entryBytes: MAX_NFE_BYTES,
  totalBytes: 300 * 1024 * 1024,
  entries: BATCH_LIMITS.documents,
} as const;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const startsWithZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
const ARCHIVE_NAME = /\.(zip|rar|7z|gz|tgz|tar|bz2|xz)$/i;

export const isZip = (file: DocumentFile) => startsWithZip(file.bytes) || /\.zip$/i.test(file.name);

const refused = (message: string) => new AppError('UNPROCESSABLE', `${message} Nada foi lido do arquivo.`);
const tooLarge = (message: string) =>
  new AppError('PAYLOAD_TOO_LARGE', `${message} Nada foi lido do arquivo.`);

/** yauzl's own refusals, said in Portuguese. */
function zipError(error: Error): AppError {
  const text = error.message;
  if (/invalid relative path|absolute path|invalid characters in fileName/i.test(text))
    return refused(
      `O .zip tem um arquivo com nome inseguro (${text.replace(/^[^:]*:\s*/, '').slice(0, 80)}): caminhos com ".." ou absolutos não são aceitos.`,
    );
  if (/encrypt/i.test(text))
    return refused('O .zip tem um arquivo protegido por senha: envie os XML sem senha.');
  if (/too many bytes in the stream|too few bytes|expected .* bytes/i.test(text))
    return refused(
      'O .zip tem um arquivo cujo tamanho não confere com o diretório do .zip (arquivo adulterado).',
    );
  return refused(`O arquivo .zip está corrompido ou incompleto (${text.slice(0, 120)}).`);
}

const openZip = (bytes: Uint8Array) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(zipError(error ?? new Error('vazio'))) : resolve(zip)),
    ),
  );

/** Deflate (8) or stored (0): what zip tools write; anything else is refused from the directory. */
const KNOWN_METHODS = new Set([0, 8]);

/** An entry's bytes as the archive holds them: at most its compressed size, never inflated here. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decompress: false }, (error, stream) => {
      if (error || !stream) return reject(zipError(error ?? new Error('sem conteúdo')));
      const parts: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > ARCHIVE_LIMITS.entryBytes) {
          stream.destroy();
          reject(bombError(entry.fileName));
        } else parts.push(chunk);
      });
      stream.on('error', (streamError) => reject(zipError(streamError)));
      // one part (an entry under 64 KB): a view of the upload's buffer, not a copy
      stream.on('end', () => resolve(parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts)));
    });
  });
}

const bombError = (name: string) =>
  tooLarge(
    `O arquivo ${name.slice(0, 80)} do .zip passa de 5 MB quando descompactado: não é o XML de uma nota.`,
  );

/** Why an entry cannot be in a batch's archive (checked from the directory, before inflating). */
function entryProblem(entry: yauzl.Entry, declaredSoFar: number): AppError | null {
  const name = entry.fileName;
  if (entry.isEncrypted())
    return refused(
      `O arquivo ${name.slice(0, 80)} do .zip está protegido por senha: envie os XML sem senha.`,
    );
  if (ARCHIVE_NAME.test(name))
    return refused(
      `O .zip contém outro arquivo compactado (${name.slice(0, 80)}): envie um .zip só com os XML.`,
    );
  if (!KNOWN_METHODS.has(entry.compressionMethod))
    return refused(
      `O arquivo ${name.slice(0, 80)} do .zip usa um método de compressão desconhecido: gere o .zip de novo.`,
    );
  if (Math.max(entry.uncompressedSize, entry.compressedSize) > ARCHIVE_LIMITS.entryBytes)
    return bombError(name);
  if (declaredSoFar + entry.uncompressedSize > ARCHIVE_LIMITS.totalBytes)
    return tooLarge('O .zip descompactado passa de 300 MB: divida os documentos em mais de um envio.');
  return null;
}

/** Folders, macOS metadata and anything that is not an XML are not documents: they are passed over. */
const isDocumentName = (name: string) =>
  !name.endsWith('/') && !name.startsWith('__MACOSX/') && !/(^|\/)\./.test(name) && /\.xml$/i.test(name);

/** The XML files of one .zip, or the refusal of the whole archive. */
export async function readZip(bytes: Uint8Array): Promise<DocumentFile[]> {
  const zip = await openZip(bytes);
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.entries * 2)
      throw tooLarge(
        `O .zip tem ${formatBrazilian(BigInt(zip.entryCount), 0)} arquivos; o limite é ${formatBrazilian(BigInt(ARCHIVE_LIMITS.entries), 0)} documentos por envio.`,
      );
    return await entriesOf(zip);
  } finally {
    zip.close();
  }
}

function entriesOf(zip: yauzl.ZipFile): Promise<DocumentFile[]> {
  const files: DocumentFile[] = [];
  let declared = 0;
  return new Promise((resolve, reject) => {
    zip.on('error', (error: Error) => reject(error instanceof AppError ? error : zipError(error)));
    zip.on('end', () => resolve(files));
    zip.on('entry', (entry: yauzl.Entry) => {
      const problem = entryProblem(entry, declared);
      if (problem) return reject(problem);
      declared += entry.uncompressedSize;
      if (!isDocumentName(entry.fileName)) return zip.readEntry();
      if (files.length >= ARCHIVE_LIMITS.entries)
        return reject(
          tooLarge(
            `O .zip tem mais de ${formatBrazilian(BigInt(ARCHIVE_LIMITS.entries), 0)} documentos: divida-o em partes menores.`,
          ),
        );
      readEntry(zip, entry).then((content) => {
        const deflated = entry.compressionMethod === 8 ? { deflated: entry.uncompressedSize } : {};
        files.push({ name: entry.fileName, bytes: content, ...deflated });
        zip.readEntry();
      }, reject);
    });
    zip.readEntry();
  });
}

const sizeMismatch = () =>
  refused('O .zip tem um arquivo cujo tamanho não confere com o diretório do .zip (arquivo adulterado).');

/**
 * A document's XML: an entry of a .zip inflated now, never past the size its directory declared (checked before
 * against the limits), so a lying entry stops there; an archive inside the archive refuses the whole upload.
 */
export function contentOf(file: DocumentFile): Uint8Array {
  let content = file.bytes;
  if (file.deflated !== undefined) {
    try {
      content = inflateRawSync(file.bytes, { maxOutputLength: Math.max(1, file.deflated) });
    } catch (error) {
      throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        ? sizeMismatch()
        : zipError(error as Error);
    }
    if (content.length !== file.deflated) throw sizeMismatch();
  }
  if (startsWithZip(content))
    throw refused(
      `O .zip contém outro arquivo compactado (${file.name.slice(0, 80)}): envie um .zip só com os XML.`,
    );
  return content;
}

/** The documents of an upload: one .zip (its XML files), or the XML parts themselves. */
export async function documentFiles(parts: readonly DocumentFile[]): Promise<DocumentFile[]> {
  const first = parts[0];
  if (!first)
    throw new AppError('VALIDATION_ERROR', 'Envie os XML das notas ou um .zip com eles no campo "files".');
  const zips = parts.filter(isZip);
  if (zips.length === 0) return [...parts];
  if (parts.length > 1)
    throw new AppError(
      'VALIDATION_ERROR',
      'Envie um único .zip, ou vários XML sem .zip: não os dois juntos.',
    );
  return readZip(first.bytes);
}
