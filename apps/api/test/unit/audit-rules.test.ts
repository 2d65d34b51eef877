import { describe, expect, it } from 'vitest';
import { auditChanges, auditQueryAllowed, dayStartUtc, nextDay } from '../../src/domain/audit/audit-rules.ts';

const json = (value: unknown) => JSON.stringify(value);

describe('auditChanges', () => {
  it('lists every field of a creation with after only, and of a deletion with before only', () => {
    expect(auditChanges(null, json({ name: 'Café', minStock: '5' }))).toEqual([
      { field: 'name', before: null, after: 'Café' },
      { field: 'minStock', before: null, after: '5' },
    ]);
    expect(auditChanges(json({ name: 'Café' }), null)).toEqual([
      { field: 'name', before: 'Café', after: null },
    ]);
  });

  it('lists only the fields of an update that differ, matching row columns to edit fields', () => {
    const before = json({ id: 7, name: 'Café', min_stock: 5000, category_id: 1, name_sort: 'cafe' });
    const after = json({ name: 'Café moído', minStock: '5000', categoryId: 2 });
    expect(auditChanges(before, after)).toEqual([
      { field: 'name', before: 'Café', after: 'Café moído' },
      { field: 'categoryId', before: 1, after: 2 },
    ]);
  });

  it('never shows secrets or derived search columns, and treats null and missing alike', () => {
    expect(auditChanges(null, json({ passwordHash: 'x', token: 'y', skuSearch: 'z', email: null }))).toEqual([
      { field: 'email', before: null, after: null },
    ]);
    expect(auditChanges(json({ phone: null }), json({ phone: null }))).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('compares nested values by content, and reads a value that is not an object as one change', () => {
    expect(auditChanges(json({ items: [1, 2] }), json({ items: [1, 2] }))).toEqual([]);
    expect(auditChanges(json({ items: [1, 2] }), json({ items: [1, 3] }))).toEqual([
      { field: 'items', before: [1, 2], after: [1, 3] },
    ]);
    expect(auditChanges(json('2026-01'), json('2026-02'))).toEqual([
      { field: 'valor', before: '2026-01', after: '2026-02' },
    ]);
  });
});

describe('audit dates and permissions', () => {
  it('finds the UTC start of a business day', () => {
    expect(dayStartUtc('2026-11-27', 'America/Sao_Paulo')).toBe('2026-11-27T03:00:00.000Z');
    expect(dayStartUtc('2026-07-01', 'UTC')).toBe('2026-07-01T00:00:00.000Z');
    expect(dayStartUtc('2026-01-15', 'America/Manaus')).toBe('2026-01-15T04:00:00.000Z');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('lets anyone read one record, and only admins list everything or by user', () => {
    expect(auditQueryAllowed({ entity: 'product', entityId: '1' }, 'operator')).toBe(true);
    expect(auditQueryAllowed({ entity: 'product' }, 'operator')).toBe(false);
    expect(auditQueryAllowed({}, 'operator')).toBe(false);
    expect(auditQueryAllowed({ entity: 'product', entityId: '1', userId: 2 }, 'operator')).toBe(false);
    expect(auditQueryAllowed({ userId: 2 }, 'admin')).toBe(true);
  });
});
