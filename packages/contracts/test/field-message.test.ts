import { describe, expect, it } from 'vitest';
import { withFieldName } from '../src/field-message.ts';

describe('a message with its field name', () => {
  it('puts the name in front once', () => {
    expect(withFieldName('Quantidade', 'A quantidade deve ser maior que zero.')).toBe(
      'A quantidade deve ser maior que zero.',
    );
    expect(withFieldName('Código de barras', 'Código de barras inválido: informe um GTIN.')).toBe(
      'Código de barras inválido: informe um GTIN.',
    );
    expect(withFieldName('Tipo', 'Campo obrigatório.')).toBe('Tipo: Campo obrigatório.');
    expect(withFieldName('', 'Dados inválidos.')).toBe('Dados inválidos.');
    expect(withFieldName('Categoria', 'Selecione uma opção.')).toBe('Selecione uma opção.');
  });
});
