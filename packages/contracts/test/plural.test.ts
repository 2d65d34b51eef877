import { describe, expect, it } from 'vitest';
import { countLabel } from '../src/plural.ts';

describe('countLabel', () => {
  it('agrees the noun with the count and writes the number the Brazilian way', () => {
    expect(countLabel(0, 'entrada', 'entradas')).toBe('0 entradas');
    expect(countLabel(1, 'entrada', 'entradas')).toBe('1 entrada');
    expect(countLabel(2, 'saída', 'saídas')).toBe('2 saídas');
    expect(countLabel(1, 'produto', 'produtos')).toBe('1 produto');
    expect(countLabel(1234, 'linha', 'linhas')).toBe('1.234 linhas');
  });
});
