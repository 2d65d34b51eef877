import { describe, expect, it } from 'vitest';
import {
  assertReferenceExists,
  fractionalChangeRefused,
  inUseMessage,
  isFractional,
} from '../../src/domain/reference/reference-rules.ts';
import { AppError } from '../../src/lib/errors.ts';

describe('reference rules', () => {
  it('refuses a missing category, unity or package kind as bad input on the field that named it', () => {
    for (const [table, name] of [
      ['categories', 'Categoria'],
      ['unities', 'Unidade'],
      ['unity_batches', 'Embalagem'],
    ] as const) {
      let thrown: unknown = null;
      try {
        assertReferenceExists(table, false, 'someField');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `${name} não encontrada.`,
        issues: [{ path: 'someField', message: `${name} não encontrada.` }],
      });
      expect(() => assertReferenceExists(table, true, 'someField')).not.toThrow();
    }
  });

  it('reads the stored 0/1 flag of a unity that takes fractions', () => {
    expect(isFractional(1)).toBe(true);
    expect(isFractional(0)).toBe(false);
  });

  it('locks fractional only when it would change and products use the unit', () => {
    expect(fractionalChangeRefused(true, false, 1)).toBe(true);
    expect(fractionalChangeRefused(true, true, 5)).toBe(false);
    expect(fractionalChangeRefused(true, undefined, 5)).toBe(false);
    expect(fractionalChangeRefused(false, true, 0)).toBe(false);
  });

  it('suggests deactivating what products use', () => {
    expect(inUseMessage('unity_batches', 'Caixa', 3)).toBe(
      'A embalagem "Caixa" é usada por 3 produtos: desative-a em vez de excluir.',
    );
  });
});
