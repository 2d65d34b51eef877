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
      activity: 'commerce',
      bonusValuation: 'zero',
      cfopEffects: {},
      accountant: { name: '', cpf: '', crc: '', email: '', cityCode: '' },
      efdProfile: 'A',
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
      activity: 'commerce',
      bonusValuation: 'zero',
      cfopEffects: {},
      accountant: { name: '', cpf: '', crc: '', email: '', cityCode: '' },
      efdProfile: 'A',
      timeZone: 'America/Manaus',
    });
  });

  it('reads the activity, the bonificação valuation and the overrides per CFOP, dropping what it does not know', () => {
    const settings = settingsFromValues(
      { activity: 'industry', bonusValuation: 'invoice', cfopEffects: '{"5949":"purchase","9999":"sale"}' },
      'UTC',
    );
    expect(settings).toMatchObject({ activity: 'industry', bonusValuation: 'invoice', cfopEffects: {} });
    expect(settingsFromValues({ cfopEffects: '{"5949":"purchase"}' }, 'UTC').cfopEffects).toEqual({
      '5949': 'purchase',
    });
    expect(settingsFromValues({ activity: 'mining', cfopEffects: 'not json' }, 'UTC')).toMatchObject({
      activity: 'commerce',
      cfopEffects: {},
    });
  });

  it('reads the stored accountant, or every field empty when it is not there or not readable', () => {
    const accountant = {
      name: 'Ana',
      cpf: '52998224725',
      crc: 'SP-1',
      email: 'a@b.com',
      cityCode: '3550308',
    };
    expect(settingsFromValues({ accountant: JSON.stringify(accountant) }, 'UTC').accountant).toEqual(
      accountant,
    );
    expect(settingsFromValues({ accountant: '{"name":1}' }, 'UTC').accountant.name).toBe('');
    expect(settingsFromValues({ accountant: 'not json' }, 'UTC').accountant.cpf).toBe('');
  });

  it('falls back to Simples Nacional for a regime it does not know', () => {
    expect(settingsFromValues({ taxRegime: 'mei' }, 'UTC').taxRegime).toBe('simples');
  });
});
