// A load client in its own process, so the server's event loop is measured alone:
//   node load-client.ts <url> <count> <concurrency>   (headers, body and method — POST unless given — as JSON on stdin)
// Prints { seconds, statuses, p50, p99 } as JSON.
import { text } from 'node:stream/consumers';

const [url, countText, concurrencyText] = process.argv.slice(2);
const {
  headers,
  body,
  method = 'POST',
} = JSON.parse(await text(process.stdin)) as {
  headers: Record<string, string>;
  body?: unknown;
  method?: string;
};
const count = Number(countText);
const concurrency = Number(concurrencyText);
const statuses: Record<number, number> = {};
const latencies: number[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      next += 1;
      const t = performance.now();
      const response = await fetch(url as string, {
        method,
        headers,
        body: method === 'GET' ? undefined : JSON.stringify(body),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(JSON.stringify({ seconds, statuses, p50: at(0.5), p99: at(0.99) }));
