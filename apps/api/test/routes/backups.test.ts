import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { createBackupsService } from '../../src/domain/backups/backups-service.ts';
import {
  TEST_DATABASE_URL,
  buildTestApp,
  createOperator,
  dialectUnderTest,
  signUpAndLogin,
  type TestContext,
} from '../helper.ts';
import { createProduct, defaultUnityId, stockIn } from '../factories.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ADMIN_ONLY = { message: 'Apenas administradores podem fazer isto.', code: 'FORBIDDEN' };

let ctx: TestContext;
let admin: string;
let operator: string;
const scratch: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-restore-'));
  scratch.push(dir);
  return dir;
};
beforeAll(async () => {
  ctx = await buildTestApp({ backups: { keep: 3 } });
  admin = await signUpAndLogin(ctx.app, 'admin@copias.com.br');
  operator = await createOperator(ctx.app, admin, 'operador@copias.com.br');
});
afterAll(async () => {
  await ctx.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

const call = (cookie: string, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: { cookie } });

function withoutDatabaseUrl() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

/** `npm run <script> -- …args` as a person would run it: its exit code and what it printed. */
function npmRun(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** `npm run restore -- <file>` into DATA_DIR `dataDir`. */
const restore = (file: string, dataDir: string) =>
  npmRun('restore', [file], { ...withoutDatabaseUrl(), DATA_DIR: dataDir });

describe.runIf(dialectUnderTest === 'sqlite')('backups on SQLite', () => {
  let backupName = '';
  let ackedBeforeBackup: number[] = [];

  it('takes an online backup while entries are being written, and the copy has every write acknowledged before it', async () => {
    const product = await createProduct(ctx.app, admin);
    const productUnityId = await defaultUnityId(ctx.app, admin, product.id);
    const acked: number[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const entry = await stockIn(ctx.app, admin, {
          productId: product.id,
          productUnityId,
          quantity: '1',
          unitCost: '2.5',
        });
        acked.push(entry.id);
      }
    };
    const writers = [writer(), writer(), writer()];
    await expect.poll(() => acked.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
    ackedBeforeBackup = [...acked];
    const response = await call(admin, 'POST', '/api/admin/backups/v1');
    const writtenDuringBackup = acked.length - ackedBeforeBackup.length;
    writing = false;
    await Promise.all(writers);
    expect(response.statusCode).toBe(201);
    const backup = response.json();
    expect(backup).toMatchObject({ result: 'ok', size: expect.any(Number), durationMs: expect.any(Number) });
    expect(backup.name).toMatch(/^armazem-.*Z\.sqlite$/);
    expect(writtenDuringBackup).toBeGreaterThanOrEqual(0);
    backupName = backup.name;

    const list = (await call(admin, 'GET', '/api/admin/backups/v1')).json();
    expect(list.dialect).toBe('sqlite');
    expect(list.data[0]).toEqual(backup);
  });

  it('restores it with npm run restore into a data dir: every acknowledged write is there and the ledger is intact', async () => {
    const dir = tempDir();
    const backupsDir = path.join(path.dirname(ctx.handle.file ?? ''), 'backups');
    const file = path.join(backupsDir, backupName);
    const first = await restore(file, dir);
    expect(first.output).toContain('Cópia restaurada');
    expect(first.code).toBe(0);

    const handle = openDatabase({ dataDir: dir });
    const ids = (await handle.db.selectFrom('stock_ledger').select('id').execute()).map((row) =>
      Number(row.id),
    );
    for (const id of ackedBeforeBackup) expect(ids).toContain(id);
    const restored = await buildTestApp({}, { handle, drop: () => handle.destroy() });
    try {
      // the session was in the database too: the same cookie signs in on the restored copy
      const integrity = await restored.app.inject({
        url: '/api/stock/v1/integrity',
        headers: { cookie: admin },
      });
      expect(integrity.statusCode).toBe(200);
      expect(integrity.json()).toMatchObject({ ok: true, mismatches: [] });

      // while a server holds the database, the restore refuses and changes nothing
      const busy = await restore(file, dir);
      expect(busy.code).toBe(1);
      expect(busy.output).toContain('O banco de dados está em uso');
    } finally {
      await restored.close();
    }

    // stopped, a second restore keeps the replaced file aside
    const again = await restore(file, dir);
    expect(again.code).toBe(0);
    expect(fs.readdirSync(dir).some((name) => name.startsWith('armazem.sqlite.replaced-'))).toBe(true);
  });

  it('refuses a file that is not a sound database', async () => {
    const dir = tempDir();
    const broken = path.join(dir, 'estragado.sqlite');
    fs.writeFileSync(broken, 'isto não é um banco');
    const result = await restore(broken, dir);
    expect(result.code).toBe(1);
    expect(result.output).toContain('A cópia não pode ser restaurada');
  });

  it('keeps the last N copies', async () => {
    for (let i = 0; i < 4; i++)
      expect((await call(admin, 'POST', '/api/admin/backups/v1')).statusCode).toBe(201);
    const list = (await call(admin, 'GET', '/api/admin/backups/v1')).json();
    expect(list.data).toHaveLength(3);
    expect(list.data.every((run: { result: string }) => run.result === 'ok')).toBe(true);
    const names = list.data.map((run: { name: string }) => run.name);
    expect([...names].sort().reverse()).toEqual(names);
    expect(names).not.toContain(backupName);
  });

  it('downloads a copy by its exact name, and nothing else', async () => {
    const [latest] = (await call(admin, 'GET', '/api/admin/backups/v1')).json().data;
    const download = await call(admin, 'GET', `/api/admin/backups/v1/${latest.name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`attachment; filename="${latest.name}"`);
    expect(download.rawPayload.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');
    expect(download.rawPayload.length).toBe(latest.size);

    for (const trick of [
      '..%2Farmazem.sqlite',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      `..%2Fbackups%2F${latest.name}`,
      `${latest.name}.json`,
      'armazem-2026-01-01T00-00-00Z.sqlite',
    ]) {
      const response = await call(admin, 'GET', `/api/admin/backups/v1/${trick}`);
      expect([400, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('SQLite format');
    }
    expect([400, 414]).toContain(
      (await call(admin, 'GET', `/api/admin/backups/v1/${'a'.repeat(300)}`)).statusCode,
    );
  });
});

describe.runIf(dialectUnderTest === 'sqlite')('backups on SQLite, outside the API', () => {
  it('takes the daily copy once the hour has come, once a day, whatever restarts happen', async () => {
    const dir = tempDir();
    const options = { dir, keep: 14, hour: 0, timeZone: 'America/Sao_Paulo' };
    const sqliteFile = ctx.handle.file ?? '';
    const first = createBackupsService({ dialect: 'sqlite', sqliteFile, ...options });
    expect(await first.runDailyIfDue()).toMatchObject({ result: 'ok', trigger: 'schedule' });
    expect(await first.runDailyIfDue()).toBeNull();
    // a restarted server reads the day's run from the files
    const restarted = createBackupsService({ dialect: 'sqlite', sqliteFile, ...options });
    expect(await restarted.runDailyIfDue()).toBeNull();
    expect(restarted.list().data).toHaveLength(1);
    // not yet the hour: nothing
    const later = createBackupsService({
      dialect: 'sqlite',
      sqliteFile,
      ...options,
      dir: tempDir(),
      hour: 24,
    });
    expect(await later.runDailyIfDue()).toBeNull();
  });

  it('npm run backup takes an online copy into BACKUP_DIR', async () => {
    const dir = tempDir();
    const result = await npmRun('backup', [], {
      ...withoutDatabaseUrl(),
      DATA_DIR: path.dirname(ctx.handle.file ?? ''),
      BACKUP_DIR: dir,
    });
    expect(result.output).toContain('Cópia gravada em');
    expect(result.code).toBe(0);
    const copies = fs.readdirSync(dir).filter((name) => name.endsWith('.sqlite'));
    expect(copies).toHaveLength(1);
  });
});

describe.runIf(dialectUnderTest === 'postgres')('npm run backup on PostgreSQL', () => {
  it('runs pg_dump -Fc into BACKUP_DIR', async () => {
    const dir = tempDir();
    const result = await npmRun('backup', [], {
      ...process.env,
      DATABASE_URL: TEST_DATABASE_URL,
      BACKUP_DIR: dir,
    });
    expect(result.code).toBe(0);
    const [dump] = fs.readdirSync(dir).filter((name) => name.endsWith('.dump'));
    expect(dump).toBeDefined();
    expect(
      fs
        .readFileSync(path.join(dir, dump ?? ''))
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('PGDMP');
  });
});

describe('backups: who and which database', () => {
  it('are for admins only', async () => {
    expect((await call(operator, 'GET', '/api/admin/backups/v1')).json()).toEqual(ADMIN_ONLY);
    const take = await call(operator, 'POST', '/api/admin/backups/v1');
    expect(take.statusCode).toBe(403);
    expect(take.json()).toEqual(ADMIN_ONLY);
    expect(
      (await call(operator, 'GET', '/api/admin/backups/v1/armazem-2026-01-01T00-00-00Z.sqlite')).statusCode,
    ).toBe(403);
  });

  it.runIf(dialectUnderTest === 'postgres')(
    'on PostgreSQL, say that backups belong to the database server',
    async () => {
      const list = await call(admin, 'GET', '/api/admin/backups/v1');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({
        dialect: 'postgres',
        data: [],
        message: expect.stringContaining('pg_dump'),
      });
      const take = await call(admin, 'POST', '/api/admin/backups/v1');
      expect(take.statusCode).toBe(409);
      expect(take.json().message).toContain('pg_dump');
    },
  );
});
