// A load client in its own process, so the server's event loop is measured alone:
//   node load-client.ts <url> <count> <concurrency>   (headers, body and method — POST unless given — as JSON on stdin)
// Prints { seconds, statuses, p50, p99 } as JSON. The requests go out through autocannon (keep-alive connections, a
// lean HTTP client made for load tests), so the client's own cost stays small next to the server's on 2 cores.
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';

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
const run = autocannon({
  url: url as string,
  amount: Number(countText),
  connections: Number(concurrencyText),
  method: method as autocannon.Request['method'],
  headers,
  body: method === 'GET' || body === undefined ? undefined : JSON.stringify(body),
  timeout: 60,
});
// autocannon's own duration ends at its next 1-second sample after the last answer, so a run of 1.2 s reads as
// 2.01 s: the run is timed here, from the start to the last answer.
let started = performance.now();
let last = started;
run.on('start', () => (started = performance.now()));
// every request ends in an answer or an error: the run lasts until the last of them
run.on('response', () => (last = performance.now()));
run.on('reqError', () => (last = performance.now()));
const result = await run;
const statuses: Record<string, number> = {};
for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = count;
if (result.errors > 0) statuses.erro = result.errors;
console.log(
  JSON.stringify({
    seconds: (last - started) / 1000,
    statuses,
    p50: result.latency.p50,
    p99: result.latency.p99,
  }),
);
