// The drawing alone of a 10,000-row monthly report (8 columns, footers on every page), through lib/pdf-table.ts:
// what pdfkit costs over the report's data. `node apps/api/bench/pdf-table.bench.ts [--rows=10000] [--runs=5]`
// (docs/decisions/0087).
import { brl, landscapePdf, pageFooters, tableOf, type Column } from '../src/lib/pdf-table.ts';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROWS = arg('rows', 10_000);
const RUNS = arg('runs', 5);

const columns: Column[] = [
  { title: 'Código', width: 70, align: 'left' },
  { title: 'Produto', width: 230, align: 'left' },
  { title: 'Unid.', width: 40, align: 'left' },
  { title: 'Saldo inicial', width: 80, align: 'right' },
  { title: 'Entradas', width: 70, align: 'right' },
  { title: 'Saídas', width: 70, align: 'right' },
  { title: 'Saldo final', width: 80, align: 'right' },
  { title: 'Valor', width: 90, align: 'right' },
];

async function once(): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const pdf = landscapePdf(30, { Title: 'Relatório', Author: 'bench' });
  const table = tableOf(pdf, columns, { line: 10, gap: 3, size: 8, newPage: () => undefined });
  table.header();
  for (let i = 0; i < ROWS; i += 1) {
    table.row([
      `P-${i}`,
      `Produto de teste número ${i} com um nome mais longo que a coluna às vezes`,
      'UN',
      String(i * 3),
      String(i % 17),
      String(i % 11),
      String(i * 3 + (i % 17) - (i % 11)),
      brl(BigInt(i) * 123_456n),
    ]);
  }
  pageFooters(pdf.doc, pdf.regular, 7, 30, 'Relatório de movimentação — bench');
  pdf.doc.end();
  const bytes = (await pdf.done).length;
  return { ms: performance.now() - started, bytes };
}

const times: number[] = [];
let size = 0;
for (let run = 0; run < RUNS; run += 1) {
  const { ms, bytes } = await once();
  times.push(ms);
  size = bytes;
}
times.sort((a, b) => a - b);
console.log(
  `pdf-table: ${ROWS} linhas, mediana ${Math.round(times[Math.floor(RUNS / 2)] ?? 0)} ms ` +
    `(min ${Math.round(times[0] ?? 0)}, max ${Math.round(times.at(-1) ?? 0)}), ${size} bytes`,
);
