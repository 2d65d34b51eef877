import { describe, expect, it } from 'vitest';
import { issuesMessage } from '../../src/lib/field-labels.ts';

describe('request messages (issue 33)', () => {
  it('name a field once, and call status Situação as every screen does', () => {
    expect(issuesMessage([{ path: 'status', message: 'Campo obrigatório.' }])).toBe(
      'Situação: Campo obrigatório.',
    );
    expect(issuesMessage([{ path: 'barcode', message: 'Código de barras inválido: informe um GTIN.' }])).toBe(
      'Código de barras inválido: informe um GTIN.',
    );
  });
});
