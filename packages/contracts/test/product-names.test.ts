import { describe, expect, it } from 'vitest';
import { cleanProductName } from '../src/product-names.ts';

describe('cleanProductName', () => {
  it('takes out bracketed and leading supplier codes and title-cases in Portuguese', () => {
    expect(cleanProductName('[JC10013A09] FORNO ELETRICO 45L')).toBe('Forno Eletrico 45L');
    expect(cleanProductName('JC10013A09 - FORNO ELETRICO 45L')).toBe('Forno Eletrico 45L');
    expect(cleanProductName('{ABC-12}   OLEO   DE SOJA 900ML')).toBe('Oleo de Soja 900ML');
  });

  it('keeps short words lower-case except the first, and accents', () => {
    expect(cleanProductName('CAFÉ TORRADO E MOÍDO DA FAZENDA')).toBe('Café Torrado e Moído da Fazenda');
    expect(cleanProductName('de volta para casa')).toBe('De Volta para Casa');
  });

  it('keeps measures and numbers at the start, and never empties a name', () => {
    expect(cleanProductName('500ML AGUA MINERAL')).toBe('500ML Agua Mineral');
    expect(cleanProductName('12345678')).toBe('12345678');
    expect(cleanProductName('[SO-CODIGO]')).toBe('[SO-CODIGO]');
    expect(cleanProductName('  ARROZ  TIPO 1  ')).toBe('Arroz Tipo 1');
  });
});
