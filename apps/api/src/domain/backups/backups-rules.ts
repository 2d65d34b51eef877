import type { TBackup } from '@armazem/contracts/backups';
import { BACKUP_NAME } from '@armazem/contracts/backups';

/**
 * A backup's file name from the moment it starts, in UTC (sortable, the same whatever the server's zone):
 * `armazem-2026-11-27T06-00-00-123Z.sqlite`.
 */
export function backupName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-27T06:00:00.123Z
  return `armazem-${iso.slice(0, 19).replaceAll(':', '-')}-${iso.slice(20, 23)}Z.sqlite`;
}

/** Only names the server writes: no directory, no dots to climb, nothing else (a download is read by this name). */
export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name);
}

/**
 * What retention removes: every good copy past the newest `keep`, and the records of failed runs older than the
 * oldest copy kept (or past `keep` failures), so a streak of failures never pushes good copies out.
 */
export function runsToPrune(runs: readonly Pick<TBackup, 'name' | 'result'>[], keep: number): string[] {
  const newestFirst = [...runs].sort((a, b) => b.name.localeCompare(a.name));
  const good = newestFirst.filter((run) => run.result === 'ok');
  const kept = good.slice(0, keep);
  const oldestKept = kept.at(-1)?.name ?? '';
  const failed = newestFirst.filter((run) => run.result === 'error');
  const prunedFailures = failed.filter((run, index) => index >= keep || run.name < oldestKept);
  return [...good.slice(keep), ...prunedFailures].map((run) => run.name);
}

/** The date (YYYY-MM-DD) and hour (0–23) of an instant in the business time zone. */
export function localDateHour(at: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '0';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * Whether the daily backup is due: the business hour has come, and today has neither a scheduled run (good or
 * failed: one attempt a day) nor a good copy taken at or after the hour. Decided from the runs on disk, so a restart
 * never takes a second one the same day.
 */
export function dailyBackupDue(
  now: Date,
  schedule: { hour: number; timeZone: string },
  runs: readonly Pick<TBackup, 'createdAt' | 'result' | 'trigger'>[],
): boolean {
  const today = localDateHour(now, schedule.timeZone);
  if (today.hour < schedule.hour) return false;
  return !runs.some((run) => {
    const at = localDateHour(new Date(run.createdAt), schedule.timeZone);
    if (at.date !== today.date) return false;
    return run.trigger === 'schedule' || (run.result === 'ok' && at.hour >= schedule.hour);
  });
}

/** `PRAGMA integrity_check` answers one row 'ok', or up to 100 rows of problems. */
export function integrityProblem(rows: ReadonlyArray<{ integrity_check?: unknown }>): string | null {
  const lines = rows.map((row) => String(row.integrity_check ?? ''));
  if (lines.length === 1 && lines[0] === 'ok') return null;
  return `A verificação de integridade da cópia falhou: ${lines.slice(0, 3).join('; ') || 'sem resposta'}.`;
}
