import { describe, expect, it } from 'vitest';
import { isMonthClosed, monthClosingOf } from '../src/stock-history.ts';

type Action = { action: 'close' | 'reopen'; year: number; month: number; by: string };
const close = (year: number, month: number, by: string): Action => ({ action: 'close', year, month, by });
const reopen = (year: number, month: number, by: string): Action => ({ action: 'reopen', year, month, by });
/** The history as the API lists it: newest first. */
const state = (oldestFirst: Action[], target: string) => {
  const { closed, reopened } = monthClosingOf([...oldestFirst].reverse(), target);
  return { closed: closed?.by ?? null, reopened: reopened?.by ?? null };
};

describe('how a month stands after the closings history (report header and Movimentação alike)', () => {
  it('is closed by the action that closed it, not by a later close of a later month', () => {
    const history = [close(2026, 9, 'Ana'), close(2026, 10, 'Bia')];
    expect(state(history, '2026-09')).toEqual({ closed: 'Ana', reopened: null });
    expect(state(history, '2026-10')).toEqual({ closed: 'Bia', reopened: null });
    expect(state(history, '2026-08')).toEqual({ closed: 'Ana', reopened: null });
    expect(state(history, '2026-11')).toEqual({ closed: null, reopened: null });
  });

  it('remembers the latest reopening, open now or closed again', () => {
    const reopened = [close(2026, 10, 'Ana'), reopen(2026, 9, 'Bia')];
    // reopening September opens October too; August stays closed
    expect(state(reopened, '2026-10')).toEqual({ closed: null, reopened: 'Bia' });
    expect(state(reopened, '2026-09')).toEqual({ closed: null, reopened: 'Bia' });
    expect(state(reopened, '2026-08')).toEqual({ closed: 'Ana', reopened: null });
    expect(state([...reopened, close(2026, 9, 'Caio')], '2026-09')).toEqual({
      closed: 'Caio',
      reopened: 'Bia',
    });
  });

  it('reads a month as closed when it is not after the closed period', () => {
    expect([isMonthClosed('2026-09', '2026-09'), isMonthClosed('2026-10', '2026-09')]).toEqual([true, false]);
    expect(isMonthClosed('2026-01', null)).toBe(false);
  });
});
