// The hand-written upload readers against the libraries already installed, on one generated 50,000-row sheet
// (docs/decisions/0088): `node apps/api/bench/readers.bench.ts [--rows=50000] [--runs=3]`. Time is the median of the
// runs; memory is the heap growth while reading (after a collection before each run, with --expose-gc).
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { parseString } from 'fast-csv';
import { xlsxRows } from '../src/lib/xlsx-rows.ts';
import { entryChunks, openZip } from '../src/lib/zip-guard.ts';
import { splitCsv } from '../src/domain/movements/csv-text.ts';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROWS = arg('rows', 50_000);
const RUNS = arg('runs', 3);
const HEADER = [
  'Data',
  'Código',
  'Tipo',
  'Quantidade',
  'Unidade',
  'Custo Unitário',
  'Fornecedor',
  'Observação',
];
const row = (i: number) => [
  new Date(Date.UTC(2026, 10, 1 + (i % 28))),
  `SKU-${i % 5000}`,
  i % 3 === 0 ? 'Saída' : 'Entrada',
  (i % 50) + 1,
  'UN',
  ((i % 997) + 0.25).toFixed(2),
  '11.222.333/0001-81',
  i % 7 === 0 ? 'observação, com vírgula e "aspas"' : '',
];

async function buildXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Movimentos');
  sheet.addRow(HEADER);
  for (let i = 0; i < ROWS; i += 1) sheet.addRow(row(i));
  return Buffer.from(await book.xlsx.writeBuffer());
}
const csvCell = (v: unknown) => {
  const text = v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  return /[;"\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csvText = () =>
  [HEADER, ...Array.from({ length: ROWS }, (_, i) => row(i))].map((r) => r.map(csvCell).join(';')).join('\n');

async function measure(name: string, work: () => Promise<number>) {
  const times: number[] = [];
  let heap = 0;
  let count = 0;
  for (let run = 0; run < RUNS; run += 1) {
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const started = performance.now();
    count = await work();
    times.push(performance.now() - started);
    clearInterval(timer);
    heap = Math.max(heap, Math.max(peak, process.memoryUsage().heapUsed) - before);
  }
  times.sort((a, b) => a - b);
  const median = Math.round(times[Math.floor(RUNS / 2)] ?? 0);
  console.log(
    `${name.padEnd(44)} ${String(median).padStart(6)} ms  +${Math.round(heap / 2 ** 20)} MB heap  (${count})`,
  );
}

const xlsx = await buildXlsx();
const csv = csvText();
console.log(
  `${ROWS} linhas: xlsx ${Math.round(xlsx.length / 1024)} KB, csv ${Math.round(csv.length / 1024)} KB`,
);
const limits = { rows: ROWS + 10, columns: 30, cellChars: 1000 };

await measure('XLSX: xlsx-rows.ts (zip-guard + saxes)', async () => {
  let n = 0;
  for await (const batch of xlsxRows(xlsx, limits)) n += batch.length;
  return n;
});
await measure('XLSX: exceljs xlsx.load (em memória)', async () => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as unknown as ArrayBuffer);
  return book.worksheets[0]?.rowCount ?? 0;
});
await measure('XLSX: exceljs WorkbookReader (streaming)', async () => {
  const input = new PassThrough();
  input.end(xlsx);
  let n = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache' });
  for await (const sheet of reader) for await (const _ of sheet) n += 1;
  return n;
});
await measure('ZIP: zip-guard.ts (todas as entradas)', async () => {
  let bytes = 0;
  for (const entry of openZip(xlsx).values())
    for await (const chunk of entryChunks(xlsx, entry)) bytes += chunk.length;
  return bytes;
});
await measure('ZIP: yauzl.fromBuffer (todas as entradas)', () => yauzlAll(xlsx));
await measure('CSV: csv-text.ts splitCsv', async () => {
  let n = 0;
  splitCsv(csv, ';', { columns: 30, cellChars: 1000 }, () => (n += 1));
  return n;
});
await measure(
  'CSV: fast-csv parseString',
  () =>
    new Promise<number>((resolve, reject) => {
      let n = 0;
      parseString(csv, { delimiter: ';' })
        .on('data', () => (n += 1))
        .on('error', reject)
        .on('end', () => resolve(n));
    }),
);

function yauzlAll(bytes: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          stream.on('data', (chunk: Buffer) => (total += chunk.length));
          stream.on('end', () => zip.readEntry());
        }),
      );
      zip.on('end', () => resolve(total));
      zip.readEntry();
    });
  });
}
