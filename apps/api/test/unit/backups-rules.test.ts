import { describe, expect, it } from 'vitest';
import {
  backupName,
  dailyBackupDue,
  integrityProblem,
  isBackupName,
  localDateHour,
  runsToPrune,
} from '../../src/domain/backups/backups-rules.ts';

const SP = { hour: 3, timeZone: 'America/Sao_Paulo' };

describe('backup names', () => {
  it('are made from the start time and read back strictly', () => {
    const name = backupName(new Date('2026-11-27T06:00:01.234Z'));
    expect(name).toBe('armazem-2026-11-27T06-00-01-234Z.sqlite');
    expect(isBackupName(name)).toBe(true);
    for (const trick of [
      '../armazem.sqlite',
      '/etc/passwd',
      `../${name}`,
      `${name}.json`,
      `x${name}`,
      `${name}/`,
    ])
      expect(isBackupName(trick)).toBe(false);
  });
});

describe('retention', () => {
  const run = (n: number, result: 'ok' | 'error' = 'ok') => ({
    name: backupName(new Date(Date.UTC(2026, 0, n))),
    result,
  });

  it('keeps the newest N good copies', () => {
    const runs = [1, 2, 3, 4, 5].map((n) => run(n));
    expect(runsToPrune(runs, 3)).toEqual([run(2).name, run(1).name]);
    expect(runsToPrune(runs, 14)).toEqual([]);
  });

  it('never lets failures push good copies out', () => {
    const runs = [run(1), run(2), run(3, 'error'), run(4, 'error'), run(5, 'error')];
    expect(runsToPrune(runs, 2)).toEqual([run(3).name]);
  });
});

describe('the daily schedule', () => {
  // 2026-11-27 06:30 UTC is 03:30 in São Paulo
  const now = new Date('2026-11-27T06:30:00Z');

  it('waits for the hour, in the business time zone', () => {
    expect(localDateHour(now, SP.timeZone)).toEqual({ date: '2026-11-27', hour: 3 });
    expect(dailyBackupDue(new Date('2026-11-27T05:59:00Z'), SP, [])).toBe(false);
    expect(dailyBackupDue(now, SP, [])).toBe(true);
  });

  it('runs once a day, whatever restarts happen (decided from the runs on disk)', () => {
    const scheduled = {
      createdAt: '2026-11-27T06:05:00Z',
      result: 'error' as const,
      trigger: 'schedule' as const,
    };
    expect(dailyBackupDue(now, SP, [scheduled])).toBe(false);
    const byHandAfterHour = {
      createdAt: '2026-11-27T06:10:00Z',
      result: 'ok' as const,
      trigger: 'admin' as const,
    };
    expect(dailyBackupDue(now, SP, [byHandAfterHour])).toBe(false);
    const byHandBeforeHour = {
      createdAt: '2026-11-27T04:00:00Z',
      result: 'ok' as const,
      trigger: 'admin' as const,
    };
    expect(dailyBackupDue(now, SP, [byHandBeforeHour])).toBe(true);
    const yesterday = {
      createdAt: '2026-11-26T06:05:00Z',
      result: 'ok' as const,
      trigger: 'schedule' as const,
    };
    expect(dailyBackupDue(now, SP, [yesterday])).toBe(true);
  });
});

describe('integrity check answer', () => {
  it('is clean only with the single row ok', () => {
    expect(integrityProblem([{ integrity_check: 'ok' }])).toBeNull();
    expect(integrityProblem([{ integrity_check: 'row 3 missing from index x' }])).toContain('row 3 missing');
    expect(integrityProblem([])).toContain('falhou');
  });
});
