// `npm run restore -- <arquivo>`: puts a SQLite backup back in place of the database in DATA_DIR, with the server
// stopped. The backup is checked first (integrity check, an Armazém database); the file it replaces is kept aside as
// armazem.sqlite.replaced-<data> (with its -wal/-shm, if any) (docs/decisions/0056).
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { loadEnv } from '../apps/api/src/config/env.ts';
import { SQLITE_FILE_NAME } from '../apps/api/src/db/database.ts';
import { checkSqliteFile, fsyncFile } from '../apps/api/src/domain/backups/sqlite-backup.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Whether a database file is the app's (it has the migrations table). */
function isArmazemDatabase(file: string): boolean {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    return Boolean(
      database
        .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
        .get(),
    );
  } finally {
    database.close();
  }
}

/**
 * Refuses while anything holds the database (a running server keeps a connection open): an exclusive lock is
 * asked for without waiting. Closing the probe folds a -wal left by a clean stop into the file it sets aside.
 */
function assertNotInUse(file: string) {
  const database = new DatabaseSync(file, { timeout: 0 });
  try {
    database.exec('PRAGMA locking_mode = EXCLUSIVE');
    database.exec('BEGIN EXCLUSIVE');
    database.prepare('select count(*) from sqlite_master').get();
    database.exec('ROLLBACK');
  } catch {
    fail(
      'O banco de dados está em uso: pare o servidor do Armazém (e qualquer outro programa que abra o banco) e rode a restauração de novo.',
    );
  } finally {
    if (database.isOpen) database.close();
  }
}

function main() {
  const env = loadEnv();
  if (env.DATABASE_URL) {
    fail(
      'Este servidor usa PostgreSQL: restaure com o pg_restore, por exemplo\n  pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" <arquivo.dump>',
    );
  }
  const [argument] = process.argv.slice(2);
  if (!argument) fail('Informe o arquivo da cópia: npm run restore -- <arquivo>');
  const backupFile = path.resolve(argument);
  if (!fs.existsSync(backupFile) || !fs.statSync(backupFile).isFile())
    fail(`Arquivo não encontrado: ${backupFile}`);
  const problem = checkSqliteFile(backupFile);
  if (problem) fail(`A cópia não pode ser restaurada. ${problem}`);
  if (!isArmazemDatabase(backupFile)) fail('O arquivo não é uma cópia do banco do Armazém.');

  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const target = path.join(env.DATA_DIR, SQLITE_FILE_NAME);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const aside = `${target}.replaced-${stamp}`;
  if (fs.existsSync(target)) {
    assertNotInUse(target);
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, aside + suffix);
    }
  }
  const incoming = `${target}.restoring`;
  fs.copyFileSync(backupFile, incoming);
  fsyncFile(incoming);
  fs.renameSync(incoming, target);
  console.log(`Cópia restaurada em ${target}.`);
  if (fs.existsSync(aside)) console.log(`O banco substituído foi guardado em ${aside}.`);
  console.log('Pode iniciar o servidor (npm start).');
}

main();
