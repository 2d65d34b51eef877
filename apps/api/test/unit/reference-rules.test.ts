import { describe, expect, it } from 'vitest';
import { assertReferenceExists, isFractional } from '../../src/domain/reference/reference-rules.ts';
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
});
