import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/lib/content-disposition.ts';

/** The name a browser reads back from `filename*` (RFC 5987), as it decodes it. */
const utf8Name = (header: string) => decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '');

describe('contentDisposition', () => {
  it('keeps accents in filename* and drops them from the ASCII fallback', () => {
    expect(contentDisposition('saídas-2026-11-24.csv')).toBe(
      `attachment; filename="saidas-2026-11-24.csv"; filename*=UTF-8''sa%C3%ADdas-2026-11-24.csv`,
    );
    expect(contentDisposition('Inventário Março.pdf', 'inline')).toBe(
      `inline; filename="Inventario Marco.pdf"; filename*=UTF-8''Invent%C3%A1rio%20Mar%C3%A7o.pdf`,
    );
  });

  it('takes quotes and backslashes out of the quoted name and encodes what RFC 5987 does not allow', () => {
    const header = contentDisposition(`nota "fiscal" d'água (1)*\\x!.xml`);
    expect(header).toContain(`filename="nota fiscal d'agua (1)*x!.xml"`);
    expect(header).toContain(`filename*=UTF-8''nota%20%22fiscal%22%20d%27%C3%A1gua%20%281%29%2A%5Cx%21.xml`);
    expect(utf8Name(header)).toBe(`nota "fiscal" d'água (1)*\\x!.xml`);
  });

  it('drops emoji from the fallback, names an all-emoji file "arquivo" and keeps them in filename*', () => {
    expect(contentDisposition('📦 estoque.xlsx')).toContain('filename=" estoque.xlsx"');
    const header = contentDisposition('📦🚚');
    expect(header).toContain('filename="arquivo"');
    expect(utf8Name(header)).toBe('📦🚚');
  });

  it('writes only header-safe characters (no CR, LF or non-ASCII reaches the header)', () => {
    const header = contentDisposition('a\r\nSet-Cookie: x=1 é.csv');
    expect(header).not.toMatch(/[\r\n]|[^\x20-\x7e]/);
  });
});
