import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';
import { makeCsv, multipart, type Cell } from '../sheets.ts';
import {
  call,
  send,
  serverStorage,
  startServerProcess,
  type HttpAnswer,
  type ServerProcess,
  type ServerStorage,
} from '../server-process.ts';

// Issue 28 (DESIGN §6.1 "Restarts under load"): SIGTERM while 50 requests of every weight are in the server (exits,
// lists, a month's PDF, sheet previews), with no grace period so the port closes at once: every request gets its
// answer or a clean 503, none is reset, and after a restart on the same database the ledger holds exactly the exits
// that were acknowledged.

const PRODUCTS = 2_000;
const PASSWORD = 'senha-segura-123';

let storage: ServerStorage | undefined;
let servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers) server.kill();
  servers = [];
  await storage?.drop();
  storage = undefined;
});

async function signIn(port: number, register: boolean): Promise<string> {
  const email = 'dona@loja.com.br';
  if (register)
    expect(
      (
        await call(port, undefined, 'POST', '/api/auth/v1/register', {
          name: 'Dona',
          email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(201);
  const login = await call(port, undefined, 'POST', '/api/auth/v1/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.setCookie[0]!.split(';')[0]!;
}

async function upload(
  port: number,
  cookie: string,
  path: string,
  csv: Buffer,
  fields: Record<string, string> = {},
) {
  const form = await multipart(fields, { name: 'planilha.csv', bytes: csv });
  return { path, headers: { cookie, ...form.headers }, body: form.payload, method: 'POST' };
}

/** Last month (in UTC; the business day differs only in the first hours of a month). */
function lastMonth() {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

describe('SIGTERM under load (issue 28)', () => {
  it('answers or refuses with 503 every request received, resets none, and the ledger holds every acknowledged exit', async () => {
    storage = await serverStorage();
    const first = await startServerProcess(storage, { SHUTDOWN_GRACE_SECONDS: '0' });
    servers.push(first);
    const { port } = first;
    const cookie = await signIn(port, true);

    // a catalog of a few thousand products, each with an entry last month (the report has a line for each)
    const titles = [...CATALOG_COLUMN_TITLES] as Cell[];
    const catalog = makeCsv([
      titles,
      ...Array.from({ length: PRODUCTS }, (_, i) =>
        titles.map(
          (title) =>
            (
              ({ Código: `P-${i}`, Nome: `Produto ${i}`, Categoria: 'Geral', Unidade: 'UN' }) as Record<
                string,
                Cell
              >
            )[title as string] ?? null,
        ),
      ),
    ]);
    const imported = await send(port, await upload(port, cookie, '/api/products/v1/import', catalog)).answer;
    expect(imported.status, imported.body.toString().slice(0, 300)).toBe(201);
    const { year, month } = lastMonth();
    const day = `05/${String(month).padStart(2, '0')}/${year}`;
    const sheet = makeCsv([
      ['Data', 'Código', 'Tipo', 'Quantidade', 'Custo Unitário'],
      ...Array.from({ length: PRODUCTS }, (_, i) => [day, `P-${i}`, 'E', '100', '2,50']),
    ]);
    const movement = await send(
      port,
      await upload(port, cookie, '/api/stock/movement/v1', sheet, {
        year: String(year),
        month: String(month),
      }),
    ).answer;
    expect(movement.status, movement.body.toString().slice(0, 300)).toBe(201);

    const page = (await call(port, cookie, 'GET', '/api/products/v1?page=1&pageSize=5')).json as {
      data: Array<{ id: number }>;
    };
    const targets = [];
    for (const { id } of page.data) {
      const units = (await call(port, cookie, 'GET', `/api/products/v1/${id}/unity/v1/select`))
        .json as Array<{
        id: number;
        isDefault: boolean;
      }>;
      targets.push({ productId: id, productUnityId: units.find((unit) => unit.isDefault)!.id });
    }

    // 50 requests: 25 exits, 12 lists, 3 reports, 10 sheet previews, each on a connection of its own
    const preview = await upload(port, cookie, '/api/stock/movement/v1/sheet', sheet);
    const kinds: Array<'exit' | 'list' | 'report' | 'preview'> = [];
    const inFlight: Array<ReturnType<typeof send>> = [];
    for (let i = 0; i < 50; i++) {
      const kind =
        i % 2 === 0 ? 'exit' : i % 10 === 1 || i % 10 === 5 ? 'preview' : i % 16 === 3 ? 'report' : 'list';
      kinds.push(kind);
      if (kind === 'exit') {
        const body = JSON.stringify({ ...targets[i % targets.length], quantity: 1, reason: 'venda' });
        inFlight.push(
          send(port, {
            method: 'POST',
            path: '/api/stock/out/v1',
            headers: { cookie, 'content-type': 'application/json' },
            body,
          }),
        );
      } else if (kind === 'preview') inFlight.push(send(port, preview));
      else if (kind === 'report')
        inFlight.push(
          send(port, {
            path: `/api/stock/movement/v1/report?year=${year}&month=${month}`,
            headers: { cookie },
          }),
        );
      else
        inFlight.push(
          send(port, {
            path: i % 4 === 1 ? '/api/products/v1?page=1&pageSize=100' : '/api/stock/v1?page=1&pageSize=100',
            headers: { cookie },
          }),
        );
    }
    // every request is written to its socket (received, or waiting in the server's backlog) before the signal
    await Promise.all(inFlight.map((request) => request.sent));
    first.child.kill('SIGTERM');

    const settled = await Promise.allSettled(inFlight.map((request) => request.answer));
    const resets = settled.flatMap((result, i) =>
      result.status === 'rejected' ? [`${kinds[i]}: ${(result.reason as Error).message}`] : [],
    );
    expect(resets).toEqual([]);
    const answers = settled.map((result) => (result as PromiseFulfilledResult<HttpAnswer>).value);
    const expected = { exit: 201, list: 200, report: 200, preview: 200 };
    answers.forEach((answer, i) => {
      const kind = kinds[i]!;
      expect([expected[kind], 503], `${kind}: ${answer.body.toString().slice(0, 200)}`).toContain(
        answer.status,
      );
    });
    const reports = answers.filter((answer, i) => kinds[i] === 'report' && answer.status === 200);
    for (const report of reports) expect(report.body.subarray(0, 5).toString()).toBe('%PDF-');
    const acknowledged = answers.filter((answer, i) => kinds[i] === 'exit' && answer.status === 201).length;
    expect(await first.exited).toBe(0);

    // the same database, a new process: the ledger is whole and holds exactly the acknowledged exits
    const second = await startServerProcess(storage);
    servers.push(second);
    const again = await signIn(second.port, false);
    const integrity = await call(second.port, again, 'GET', '/api/stock/v1/integrity');
    expect(integrity.json).toMatchObject({ ok: true, mismatches: [] });
    const exits = (await call(second.port, again, 'GET', '/api/stock/out/v1?page=1&pageSize=1')).json as {
      total: number;
    };
    expect(exits.total).toBe(acknowledged);
  }, 180_000);
});
