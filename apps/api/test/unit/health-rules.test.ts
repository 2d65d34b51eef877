import { describe, expect, it } from 'vitest';
import { schemaProblem } from '../../src/domain/health/health-rules.ts';

describe('schemaProblem', () => {
  it('names the first expected migration the database has not applied', () => {
    expect(schemaProblem(['001-a', '002-b', '003-c'], ['001-a'])).toBe(
      'O banco de dados não está na versão esperada (falta a migração 002-b).',
    );
  });

  it('is null when every expected migration is applied, even with newer ones present', () => {
    expect(schemaProblem(['001-a', '002-b'], ['002-b', '001-a', '003-c'])).toBeNull();
  });
});
