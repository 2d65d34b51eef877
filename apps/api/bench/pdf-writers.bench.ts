// The PDF writers of decision 0087 on one table (pdf-writers-table.ts), each run in a process of its own so that its
// peak memory is its own:
//   node apps/api/bench/pdf-writers.bench.ts [--rounds=5] [--rows=10000,100000] [--writers=fast,pdfkit-cell,…]
//   node apps/api/bench/pdf-writers.bench.ts --check   (2,000 rows of each writer read back with pdfjs)
// Rounds are interleaved (each round runs every writer once) so that a busy moment of the shared machine hits all of
// them alike; the table shows the median. Writers slower than 10 s at 10,000 rows are run once at larger sizes
// (`--slow=…`). The writers on other libraries need them installed first: `npm i --no-save pdf-lib@1.17.1
// @cantoo/pdf-lib@2.11.1 jspdf@4.2.1` (otherwise they are skipped with that message).
import { execFileSync } from 'node:child_process';
import { uptime, loadavg } from 'node:os';
import { pdfRows } from '../test/pdf-text.ts';
import { jsPdfPerCell, withContentStreams, withOperators } from './pdf-writers-others.ts';
import { COLUMNS, fastPath, kitPerCell, kitPerColumn, rows, type Writer } from './pdf-writers-table.ts';

const writers: Record<string, Writer> = {
  fast: fastPath,
  'pdfkit-cell': kitPerCell,
  'pdfkit-column': kitPerColumn,
  'pdf-lib-operators': withOperators('pdf-lib'),
  'cantoo-operators': withOperators('@cantoo/pdf-lib'),
  jspdf: jsPdfPerCell,
  'pdf-lib-streams': withContentStreams('pdf-lib'),
  'cantoo-streams': withContentStreams('@cantoo/pdf-lib'),
  // the 100,000 rows alone, without a writer: the memory every writer starts from
  'rows-only': (data) => Promise.resolve(new Uint8Array(data.length > 0 ? 1 : 0)),
};

const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

/** One writer on `count` rows, in this process: time to the last byte, peak heap (sampled) and peak RSS. */
async function runOne(name: string, count: number) {
  const data = rows(count);
  let heap = process.memoryUsage().heapUsed;
  const sample = () => {
    heap = Math.max(heap, process.memoryUsage().heapUsed);
  };
  const writer = writers[name];
  if (!writer) throw new Error(`escritor desconhecido: ${name}`);
  const started = performance.now();
  const bytes = await writer(data, sample);
  const ms = performance.now() - started;
  sample();
  const mb = (value: number) => Math.round(value / 1048576);
  return {
    ms: Math.round(ms),
    heapMB: mb(heap),
    rssMB: mb(process.resourceUsage().maxRSS * 1024),
    bytes: bytes.length,
  };
}

/** 2,000 rows read back: every one-line row found on a line of its own with the same cells, and each page's footer. */
async function check(name: string) {
  const data = rows(2000);
  const writer = writers[name];
  if (!writer) throw new Error(`escritor desconhecido: ${name}`);
  const pages = await pdfRows(await writer(data, () => {}));
  const expected = new Map(
    data.filter((_, i) => i % 37 !== 0).map((cells) => [cells[0], JSON.stringify(cells)]),
  );
  let matched = 0;
  let footers = 0;
  pages.forEach((lines, index) => {
    const last = lines.at(-1)?.join(' ') ?? '';
    if (last.includes(`Página ${index + 1} de ${pages.length}`)) footers += 1;
    for (const cells of lines)
      if (cells.length === COLUMNS.length && expected.get(cells[0]) === JSON.stringify(cells)) matched += 1;
  });
  return { pages: pages.length, footers, oneLineRows: expected.size, matched };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function rounds() {
  const count = Number(option('rounds', '5'));
  const names = option('writers', Object.keys(writers).join(',')).split(',');
  const sizes = option('rows', '10000,100000').split(',').map(Number);
  const slow = option('slow', 'pdfkit-cell,pdfkit-column,pdf-lib-operators,cantoo-operators,jspdf').split(
    ',',
  );
  console.log(
    `carga no início: ${loadavg().map((l) => l.toFixed(2))} (no ar há ${Math.round(uptime() / 60)} min)`,
  );
  const results = new Map<string, Array<Record<string, number>>>();
  for (let round = 0; round < count; round += 1)
    for (const size of sizes)
      for (const name of names) {
        if (size > 10_000 && round > 0 && slow.includes(name)) continue;
        let out: string;
        try {
          out = execFileSync(process.execPath, [import.meta.filename, `--one=${name}`, `--rows=${size}`], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          });
        } catch (error) {
          const lines = String((error as { stderr?: string }).stderr ?? error).split('\n');
          console.error(`${name} ${size}: ${lines.find((line) => line.startsWith('Error')) ?? lines[0]}`);
          continue;
        }
        console.error(round, name, size, out.trim());
        const key = `${name}\t${size}`;
        results.set(key, [...(results.get(key) ?? []), JSON.parse(out) as Record<string, number>]);
      }
  console.log(`carga no fim: ${loadavg().map((l) => l.toFixed(2))}`);
  console.log('escritor\tlinhas\texecuções\tmediana ms\tmín ms\tmáx ms\tpico heap MB\tpico RSS MB\tbytes');
  for (const [key, runs] of results) {
    const ms = runs.map((r) => r.ms ?? 0);
    const peak = (field: string) => Math.max(...runs.map((r) => r[field] ?? 0));
    const line = [
      key,
      runs.length,
      median(ms),
      Math.min(...ms),
      Math.max(...ms),
      peak('heapMB'),
      peak('rssMB'),
    ];
    console.log([...line, runs[0]?.bytes].join('\t'));
  }
}

const one = option('one', '');
if (one) console.log(JSON.stringify(await runOne(one, Number(option('rows', '10000')))));
else if (process.argv.includes('--check')) {
  for (const name of option('writers', Object.keys(writers).join(',')).split(',')) {
    if (name === 'rows-only') continue;
    console.log(name, JSON.stringify(await check(name).catch((error: Error) => error.message)));
  }
} else rounds();
