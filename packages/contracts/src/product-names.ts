/**
 * A product name from an NF-e item's description (xProd), for the bulk creation of new products
 * (docs/decisions/0062): the supplier's codes out, spaces collapsed, Title Case in Portuguese.
 * "[JC10013A09] FORNO ELETRICO 45L" → "Forno Eletrico 45L".
 */

/** Words that stay lower-case inside a name (never the first one). */
const SMALL_WORDS = new Set([
  'a',
  'o',
  'as',
  'os',
  'de',
  'da',
  'do',
  'das',
  'dos',
  'e',
  'em',
  'na',
  'no',
  'nas',
  'nos',
  'com',
  'sem',
  'para',
  'por',
  'ou',
]);

/** A measure written with its number (45L, 500ML, 1,5KG, 12V): not a code, it stays. */
const MEASURE = /^\d+([.,]\d+)?(ML|L|G|KG|MG|M|CM|MM|UN|W|V|KW|PCS?)$/i;

/** A supplier's code at the start: letters and digits, at least 5 characters, with a digit (JC10013A09, 000123). */
function isLeadingCode(token: string): boolean {
  return (
    token.length >= 5 && /\d/.test(token) && /^[A-Z0-9][A-Z0-9._/-]*$/i.test(token) && !MEASURE.test(token)
  );
}

function titleWord(word: string, first: boolean): string {
  if (/\d/.test(word)) return word.toLocaleUpperCase('pt-BR');
  const lower = word.toLocaleLowerCase('pt-BR');
  if (!first && SMALL_WORDS.has(lower)) return lower;
  return lower.charAt(0).toLocaleUpperCase('pt-BR') + lower.slice(1);
}

export function cleanProductName(description: string): string {
  const withoutBrackets = description.replace(/\[[^\]]*\]|\{[^}]*\}/g, ' ');
  const tokens = withoutBrackets.split(/\s+/).filter(Boolean);
  while (tokens.length > 1 && isLeadingCode(tokens[0] ?? '')) tokens.shift();
  while (tokens.length > 1 && /^[-–:|.]+$/.test(tokens[0] ?? '')) tokens.shift();
  const name = tokens.map((token, index) => titleWord(token, index === 0)).join(' ');
  return name || description.trim();
}
