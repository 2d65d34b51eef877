import { describe, expect, it } from 'vitest';
import { settingsFromValues } from '../../src/domain/settings/settings-rules.ts';

describe('settingsFromValues', () => {
  it('gives the defaults for what was never saved', () => {
    expect(settingsFromValues({}, 'America/Sao_Paulo')).toEqual({
      businessName: 'Minha Empresa',
      businessDocument: '',
      businessStateRegistration: '',
      businessAddress: '',
      taxRegime: 'simples',
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('shows the stored document masked and keeps the other values as stored', () => {
    const settings = settingsFromValues(
      {
        businessName: 'Mercado Bom Preço',
        businessDocument: '12ABC34501DE35',
        businessStateRegistration: 'ISENTO',
        businessAddress: 'Rua A, 10',
        taxRegime: 'presumido',
      },
      'America/Manaus',
    );
    expect(settings).toEqual({
      businessName: 'Mercado Bom Preço',
      businessDocument: '12.ABC.345/01DE-35',
      businessStateRegistration: 'ISENTO',
      businessAddress: 'Rua A, 10',
      taxRegime: 'presumido',
      timeZone: 'America/Manaus',
    });
  });

  it('falls back to Simples Nacional for a regime it does not know', () => {
    expect(settingsFromValues({ taxRegime: 'mei' }, 'UTC').taxRegime).toBe('simples');
  });
});
