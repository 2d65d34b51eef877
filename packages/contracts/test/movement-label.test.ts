import { describe, expect, it } from 'vitest';
import { movementLabel } from '../src/stock.ts';

describe('movementLabel', () => {
  it('names a ledger row the same on screen and in files: kind, reason in parentheses, source', () => {
    expect(movementLabel({ direction: 'out', reason: 'venda', source: 'manual' })).toBe(
      'Saída (Venda) · Manual',
    );
    expect(movementLabel({ direction: 'in', reason: null, source: 'nfe' })).toBe('Entrada · NF-e');
    // an inventory count's gain is an entry with a reason
    expect(movementLabel({ direction: 'in', reason: 'ajuste', source: 'count' })).toBe(
      'Entrada (Ajuste de inventário) · Balanço',
    );
    expect(movementLabel({ direction: 'out', reason: 'perda', source: 'sheet' }, '\u00a0· ')).toBe(
      'Saída (Perda)\u00a0· Planilha',
    );
  });
});
