/**
 * The characters the PDFs' standard fonts can draw: WinAnsi (Windows-1252), one byte a glyph. Anything else (a
 * minus sign U+2212, an emoji in a product name) would come out as the wrong glyph, so it is drawn as its nearest
 * WinAnsi character, or '?' (as the SPED file writes what ISO-8859-1 lacks).
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const NEAREST = new Map([
  ['−', '-'],
  ['‐', '-'],
  ['‑', '-'],
  ['‒', '-'],
  ['\u2009', ' '],
  ['\u202f', ' '],
]);

/** One character (a code point) as the standard fonts can draw it; a line break or tab in a name is a space. */
export function winAnsiChar(char: string): string {
  const code = char.codePointAt(0) ?? 0x3f;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char))
    return char;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029) return ' ';
  return NEAREST.get(char) ?? '?';
}

/** A text as the standard fonts can draw it (composed first: "a" + combining acute is "á"). */
export const winAnsi = (text: string): string => Array.from(text.normalize('NFC'), winAnsiChar).join('');
