import { describe, expect, it } from 'vitest';
import { formatStateRegistration } from '../src/state-registration.ts';

describe('an IE with its mask', () => {
  it('is written as its state writes it', () => {
    expect(formatStateRegistration('110042490114', 'SP')).toBe('110.042.490.114');
    expect(formatStateRegistration('0623079040081', 'MG')).toBe('062.307.904/0081');
    expect(formatStateRegistration('12345678', 'RJ')).toBe('12.345.67-8');
    expect(formatStateRegistration('12345678', 'BA')).toBe('123456-78');
    expect(formatStateRegistration('123456789', 'BA')).toBe('1234567-89');
  });

  it('stays as stored when the state or the length has no mask, and ISENTO stays ISENTO', () => {
    expect(formatStateRegistration('123', 'SP')).toBe('123');
    expect(formatStateRegistration('110042490114', null)).toBe('110042490114');
    expect(formatStateRegistration('ISENTO', 'SP')).toBe('ISENTO');
    expect(formatStateRegistration(null, 'SP')).toBe('');
  });
});
