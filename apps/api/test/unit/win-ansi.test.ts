import { describe, expect, it } from 'vitest';
import { winAnsi, winAnsiChar } from '../../src/lib/win-ansi.ts';

describe('text the PDFs standard fonts can draw (WinAnsi)', () => {
  it('keeps Portuguese text and the Windows-1252 extras as they are', () => {
    expect(winAnsi('Açúcar cristal — “Promoção” 1.234,56 € • ½')).toBe(
      'Açúcar cristal — “Promoção” 1.234,56 € • ½',
    );
  });

  it('draws a minus sign as a hyphen, anything else outside WinAnsi as "?", and composes accents first', () => {
    expect(winAnsiChar('−')).toBe('-');
    expect(winAnsi('Café 😀 中')).toBe('Café ? ?');
    expect(winAnsi('Cafe\u0301')).toBe('Café');
  });

  it('draws a line break, a tab or another control character in a name as a space, never a stray glyph', () => {
    expect(winAnsi('Parafuso M6\nsextavado\tinox\r\u0085fim\u2028')).toBe('Parafuso M6 sextavado inox  fim ');
  });
});
