import { describe, expect, it } from 'vitest';
import { sortKey } from '../../src/lib/text.ts';

describe('sortKey', () => {
  it('folds case, accents and spaces so Portuguese names sort as people expect', () => {
    expect(sortKey('  Água   Mineral ')).toBe('agua mineral');
    expect(sortKey('ÇÃO Ôlho Ü')).toBe('cao olho u');
    expect(sortKey(null)).toBe('');
    const names = ['Item de teste 20', 'Água', 'banana', 'Óleo', 'Abacaxi', 'éter'];
    // byte order of the keys, as SQLite and PostgreSQL (collate "C") compare them
    const sorted = [...names].sort((a, b) =>
      sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0,
    );
    expect(sorted).toEqual(['Abacaxi', 'Água', 'banana', 'éter', 'Item de teste 20', 'Óleo']);
  });
});
