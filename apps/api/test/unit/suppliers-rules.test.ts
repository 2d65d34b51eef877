import { describe, expect, it } from 'vitest';
import {
  duplicateDocumentMessage,
  mergeSupplierEdit,
  supplierSearchText,
  supplierSortKeys,
} from '../../src/domain/suppliers/suppliers-rules.ts';

const stored = {
  name: 'Distribuidora Ótima Ltda',
  trade_name: 'Ótima',
  document: '11222333000181',
  email: 'vendas@otima.com.br',
  phone: '1133334444',
  state_registration: 'ISENTO',
  street: 'Rua das Flores',
  street_number: '10',
  district: 'Centro',
  city: 'São Paulo',
  state: 'SP',
  zip: '01310100',
  status: 'active' as const,
};

describe('a duplicate document', () => {
  it('is refused naming the CNPJ or CPF the way people write it', () => {
    expect(duplicateDocumentMessage('11222333000181')).toBe(
      'Já existe um fornecedor com o CNPJ 11.222.333/0001-81.',
    );
    expect(duplicateDocumentMessage('12ABC34501DE35')).toBe(
      'Já existe um fornecedor com o CNPJ 12.ABC.345/01DE-35.',
    );
    expect(duplicateDocumentMessage('52998224725')).toBe('Já existe um fornecedor com o CPF 529.982.247-25.');
  });
});

describe('supplier search and sort', () => {
  it('finds a supplier by either name without accents and by the document with or without its mask', () => {
    const text = supplierSearchText(stored);
    expect(text).toContain('distribuidora otima ltda');
    expect(text).toContain('11222333000181');
    expect(text).toContain('11.222.333/0001-81');
  });

  it('sorts by the folded names', () => {
    expect(supplierSortKeys(stored)).toEqual({
      name_sort: 'distribuidora otima ltda',
      trade_name_sort: 'otima',
    });
    expect(supplierSortKeys({ name: 'Beta', trade_name: null })).toEqual({
      name_sort: 'beta',
      trade_name_sort: '',
    });
  });
});

describe('an edit', () => {
  it('changes what it names, keeps what it leaves out and clears an optional field sent as null', () => {
    expect(mergeSupplierEdit(stored, { name: 'Ótima Distribuidora', email: null })).toEqual({
      ...stored,
      name: 'Ótima Distribuidora',
      email: null,
    });
    expect(mergeSupplierEdit(stored, { status: 'inactive' })).toEqual({ ...stored, status: 'inactive' });
    expect(mergeSupplierEdit(stored, { tradeName: null, phone: null, document: '52998224725' })).toEqual({
      ...stored,
      trade_name: null,
      phone: null,
      document: '52998224725',
    });
  });

  it('edits the address field by field: absent keeps, null clears', () => {
    expect(
      mergeSupplierEdit(stored, {
        stateRegistration: '110042490114',
        address: { city: 'Campinas', zip: null },
      }),
    ).toEqual({ ...stored, state_registration: '110042490114', city: 'Campinas', zip: null });
  });
});
