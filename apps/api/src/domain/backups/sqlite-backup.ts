import fs from 'node:fs';
import { DatabaseSync, backup } from 'node:sqlite';
import { integrityProblem } from './backups-rules.ts';

/**
 * An online copy of a SQLite database (the server keeps reading and writing): node:sqlite's backup API in one step
 * on its own read-only connection, so the copy is the snapshot of one read transaction (WAL lets writers go on
 * meanwhile) and holds every write committed before it started. Several steps would restart at every write from
 * another connection (docs/decisions/0056).
 */
export async function copySqlite(sourceFile: string, targetFile: string): Promise<void> {
  const source = new DatabaseSync(sourceFile, { readOnly: true, timeout: 5000 });
  try {
    await backup(source, targetFile, { rate: 1_000_000_000 });
  } finally {
    source.close();
  }
  // The copy stands alone: one file, no -wal beside it.
  const copy = new DatabaseSync(targetFile, { timeout: 5000 });
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** `PRAGMA integrity_check` on a database file: null when clean, else what is wrong (in Portuguese). */
export function checkSqliteFile(file: string): string | null {
  if (!fs.existsSync(file)) return 'O arquivo não existe.';
  let database: DatabaseSync | undefined;
  try {
    database = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
    const rows = database.prepare('PRAGMA integrity_check').all() as Array<{ integrity_check?: unknown }>;
    return integrityProblem(rows);
  } catch (error) {
    return `O arquivo não é um banco SQLite legível (${error instanceof Error ? error.message : String(error)}).`;
  } finally {
    database?.close();
  }
}

/** Writes a file whole or not at all: to a temporary name, flushed to disk, then renamed over the final one. */
export function writeFileAtomic(file: string, content: string): void {
  const temporary = `${file}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
}

/** Flushes a finished file to disk before it is renamed into place. */
export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
