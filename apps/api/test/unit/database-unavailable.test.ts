import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/lib/database-unavailable.ts';
import { underflowKey } from '../../src/plugins/json-underflow.ts';
import { cleanFileName } from '../../src/routes/uploads.ts';

describe('a database that did not answer (decision 0053)', () => {
  it('is told from a request or data error by its code or message', () => {
    for (const error of [
      { code: '57014', message: 'canceling statement due to statement timeout' },
      { code: '55P03', message: 'canceling statement due to lock timeout' },
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '08006', message: 'connection failure' },
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      { errcode: 5, message: 'database is locked' },
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]),
    ])
      expect(isDatabaseUnavailable(error), JSON.stringify(error)).toBe(true);
    for (const error of [
      { code: '23505', message: 'duplicate key' },
      { code: '22P02', message: 'invalid input syntax' },
      { errcode: 19, message: 'constraint failed' },
      new Error('boom'),
      null,
      'text',
    ])
      expect(isDatabaseUnavailable(error), JSON.stringify(error)).toBe(false);
  });
});

describe('a JSON number that underflows', () => {
  it('is found by its key; zero written as zero and ordinary bodies are not', () => {
    expect(underflowKey('{"minStock": 1e-400}')).toBe('minStock');
    expect(underflowKey(`{"a": [1, 0.${'0'.repeat(400)}1]}`)).toBe('1');
    expect(underflowKey('{"a": 0e-5, "b": 0.0}')).toBeNull();
    expect(underflowKey('{"a": 1e-7, "note": "e-mail"}')).toBeNull();
    expect(underflowKey('{"quantity": "12.5"}')).toBeNull();
  });
});

describe('an upload file name', () => {
  it('loses its control characters and direction overrides and keeps at most 200 characters', () => {
    expect(cleanFileName('pla\u0000nil\u0007ha\u202e.csv')).toBe('planilha.csv');
    expect(cleanFileName(`${'a'.repeat(300)}.csv`)).toHaveLength(200);
    expect(Array.from(cleanFileName('😀'.repeat(250)))).toHaveLength(200);
    expect(cleanFileName(undefined)).toBe('');
  });
});
