import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';

/**
 * The PDF fast path (lib/pdf-table.ts, domain/inventory/pdf-fast-text.ts) reads a few pdfkit members outside its
 * public types (decision 0087). pdfkit is pinned to one version; this test is the alarm for whoever moves the pin:
 * if any of these changes shape, it fails here, naming the member, before any report comes out wrong.
 */
describe('the pdfkit members the fast PDF path reads', () => {
  it('are all there, with the shapes the fast path expects', () => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: true });
    doc.font('Helvetica').fontSize(9);
    const inner = doc as unknown as Record<string, unknown> & { page: Record<string, unknown> };
    const font = inner._font as Record<string, unknown>;
    expect(typeof font.id).toBe('string');
    expect(typeof font.ascender).toBe('number');
    for (const method of ['encode', 'ref', 'widthOfString'])
      expect(typeof font[method], method).toBe('function');
    expect(inner._fontSize).toBe(9);
    expect(typeof inner.addContent).toBe('function');
    expect(typeof inner.page.height).toBe('number');
    expect(typeof inner.page.fonts).toBe('object');
    // WinAnsi, one byte a glyph: "Ç" is one code, the width of a string is the sum of its glyphs
    const [codes] = (font.encode as (text: string) => [string[]]).call(font, 'Ç');
    expect(codes).toHaveLength(1);
    const width = (text: string) =>
      (font.widthOfString as (text: string, size: number) => number).call(font, text, 1000);
    expect(width('AB')).toBeGreaterThan(0);
    expect(width('AB')).toBeCloseTo(width('A') + width('B'));
    doc.end();
  });
});
