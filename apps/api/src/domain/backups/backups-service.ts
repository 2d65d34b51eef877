import fs from 'node:fs';
import path from 'node:path';
import { POSTGRES_BACKUP_MESSAGE, ZBackup, type TBackup, type TBackupList } from '@armazem/contracts/backups';
import type { Dialect } from '../../db/types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { backupName, dailyBackupDue, isBackupName, runsToPrune } from './backups-rules.ts';
import { checkSqliteFile, copySqlite, fsyncFile, writeFileAtomic } from './sqlite-backup.ts';

export interface BackupsOptions {
  dialect: Dialect;
  /** The SQLite database file (absent on PostgreSQL). */
  sqliteFile?: string;
  dir: string;
  keep: number;
  hour: number;
  timeZone: string;
  /** Told when a scheduled run fails (the run is recorded either way). */
  onScheduledError?: (error: unknown) => void;
}

type Trigger = NonNullable<TBackup['trigger']>;
const SIDECAR = '.json';
const NOT_FOUND = 'Cópia de segurança não encontrada.';
/** How often the scheduler looks at the clock and the files (it takes the day's copy once the hour has come). */
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Backups of a SQLite database into `dir`: each copy is a file with a JSON sidecar of the run (size, duration,
 * result, message), written to a temporary name and renamed when checked. The sidecars, not a table, hold the
 * record: a restore brings back an older database, and the list of copies must survive it (decision 0056).
 */
export function createBackupsService(options: BackupsOptions) {
  let running: Promise<TBackup> | null = null;
  let timer: NodeJS.Timeout | null = null;

  /** One backup at a time: a request while one runs waits for it, then takes its own. */
  const take = async (trigger: Trigger): Promise<TBackup> => {
    while (running) await running.catch(() => undefined);
    running = takeOne(options, trigger);
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  /** The daily copy if it is due now (null when not): what the timer runs, and what a test can call. */
  const tick = async (): Promise<TBackup | null> => {
    if (running || options.dialect !== 'sqlite') return null;
    const due = dailyBackupDue(
      new Date(),
      { hour: options.hour, timeZone: options.timeZone },
      readRuns(options.dir),
    );
    if (!due) return null;
    const run = await take('schedule');
    if (run.result === 'error') options.onScheduledError?.(new Error(run.message));
    return run;
  };

  return {
    list(): TBackupList {
      if (options.dialect === 'postgres')
        return { dialect: 'postgres', data: [], message: POSTGRES_BACKUP_MESSAGE };
      return {
        dialect: 'sqlite',
        data: readRuns(options.dir),
        dir: options.dir,
        keep: options.keep,
        hour: options.hour,
      };
    },
    take,
    runDailyIfDue: tick,
    /** The path of a good copy to download, by its exact name (anything else is 404). */
    file(name: string): string {
      if (options.dialect === 'postgres' || !isBackupName(name)) throw notFound(NOT_FOUND);
      const dir = path.resolve(options.dir);
      const file = path.resolve(dir, name);
      if (path.dirname(file) !== dir || !fs.existsSync(file)) throw notFound(NOT_FOUND);
      return file;
    },
    /** Starts the daily schedule: a look now and every few minutes, on a timer that never keeps the process up. */
    startSchedule() {
      if (timer || options.dialect !== 'sqlite') return;
      const check = () => void tick().catch((error: unknown) => options.onScheduledError?.(error));
      timer = setInterval(check, CHECK_EVERY_MS);
      timer.unref();
      setImmediate(check).unref();
    },
    stopSchedule() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type BackupsService = ReturnType<typeof createBackupsService>;

function readSidecar(file: string): TBackup | null {
  try {
    const parsed = ZBackup.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A copy or record a crash left half-written (`*.tmp`) is removed before the next run. */
function removeLeftovers(dir: string) {
  for (const file of fs.readdirSync(dir)) {
    if (file.endsWith('.tmp') && file.startsWith('armazem-'))
      fs.rmSync(path.join(dir, file), { force: true });
  }
}

const elapsed = (since: Date) => Date.now() - since.getTime();

function readRuns(dir: string): TBackup[] {
  if (!fs.existsSync(dir)) return [];
  const runs = new Map<string, TBackup>();
  const files = fs.readdirSync(dir);
  for (const file of files.filter((name) => name.endsWith(SIDECAR))) {
    const name = file.slice(0, -SIDECAR.length);
    const parsed = isBackupName(name) ? readSidecar(path.join(dir, file)) : null;
    if (parsed && parsed.name === name) runs.set(name, parsed);
  }
  // a copy without its record (put there by hand): listed with what the file says
  for (const name of files.filter((file) => isBackupName(file) && !runs.has(file))) {
    const stat = fs.statSync(path.join(dir, name));
    runs.set(name, {
      name,
      size: stat.size,
      createdAt: stat.mtime.toISOString(),
      durationMs: 0,
      result: 'ok',
    });
  }
  return [...runs.values()].sort((a, b) => b.name.localeCompare(a.name));
}

function prune(dir: string, keep: number) {
  for (const name of runsToPrune(readRuns(dir), keep)) {
    fs.rmSync(path.join(dir, name), { force: true });
    fs.rmSync(path.join(dir, name + SIDECAR), { force: true });
  }
}

async function takeOne(options: BackupsOptions, trigger: Trigger): Promise<TBackup> {
  if (!options.sqliteFile) throw conflict(POSTGRES_BACKUP_MESSAGE);
  fs.mkdirSync(options.dir, { recursive: true });
  removeLeftovers(options.dir);
  const started = new Date();
  const name = backupName(started);
  const final = path.join(options.dir, name);
  const temporary = `${final}.tmp`;
  let run: TBackup;
  try {
    await copySqlite(options.sqliteFile, temporary);
    const problem = checkSqliteFile(temporary);
    if (problem) throw new Error(problem);
    fsyncFile(temporary);
    fs.renameSync(temporary, final);
    const size = fs.statSync(final).size;
    run = {
      name,
      size,
      createdAt: started.toISOString(),
      durationMs: elapsed(started),
      result: 'ok',
      trigger,
    };
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    const message = error instanceof Error ? error.message : String(error);
    run = {
      name,
      size: 0,
      createdAt: started.toISOString(),
      durationMs: elapsed(started),
      result: 'error',
      trigger,
      message: `A cópia falhou: ${message}`,
    };
  }
  writeFileAtomic(final + SIDECAR, JSON.stringify(run, null, 2));
  prune(options.dir, options.keep);
  return run;
}
