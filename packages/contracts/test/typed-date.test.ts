import { describe, expect, it } from 'vitest';
import { isoToTyped, maskDate, readTypedDate } from '../src/typed-date.ts';

describe('a date typed dd/mm/aaaa', () => {
  it('is masked as it is typed', () => {
    expect(maskDate('3')).toBe('3');
    expect(maskDate('3111')).toBe('31/11');
    expect(maskDate('31112026')).toBe('31/11/2026');
    expect(maskDate('31/11/2026999')).toBe('31/11/2026');
    expect(maskDate('31-11-2026')).toBe('31/11/2026');
  });

  it('reads into the ISO date the API keeps', () => {
    expect(readTypedDate('30/11/2026')).toEqual({ iso: '2026-11-30' });
    expect(readTypedDate('1/2/2026')).toEqual({ iso: '2026-02-01' });
    expect(readTypedDate('29/02/2028')).toEqual({ iso: '2028-02-29' });
  });

  it('says a date that does not exist is not valid, not that the format is wrong', () => {
    expect(readTypedDate('31/11/2026')).toEqual({ iso: null, error: '31/11/2026 não é uma data válida.' });
    expect(readTypedDate('29/02/2026')).toEqual({ iso: null, error: '29/02/2026 não é uma data válida.' });
    expect(readTypedDate('00/01/2026')).toEqual({ iso: null, error: '00/01/2026 não é uma data válida.' });
  });

  it('waits for the whole date before asking for the format', () => {
    expect(readTypedDate('31/11', false)).toEqual({ iso: null, error: null });
    expect(readTypedDate('31/11')).toEqual({ iso: null, error: 'Use o formato dd/mm/aaaa.' });
    expect(readTypedDate('')).toEqual({ iso: null, error: null });
  });

  it('shows an ISO date the Brazilian way', () => {
    expect(isoToTyped('2026-11-30')).toBe('30/11/2026');
    expect(isoToTyped('')).toBe('');
  });
});
