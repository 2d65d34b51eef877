import { describe, expect, it } from 'vitest';
import { efdVersion } from '../../src/domain/inventory/efd-file.ts';

describe('efdVersion', () => {
  it('is the layout version in force in the period: 020 in 2026, one a year back to 014 in 2020', () => {
    expect(efdVersion('2026-02-01')).toBe('020');
    expect(efdVersion('2025-12-01')).toBe('019');
    expect(efdVersion('2024-01-01')).toBe('018');
    expect(efdVersion('2020-06-01')).toBe('014');
    // outside what is known: the nearest known version
    expect(efdVersion('2019-12-01')).toBe('014');
    expect(efdVersion('2027-01-01')).toBe('020');
  });
});
