/**
 * An IE (inscrição estadual) as its state writes it, from the digits stored. The masks are the usual ones of each
 * state's SEFAZ (general knowledge, decision 0076); a state not listed, or digits of another length, stay as stored.
 */
const MASKS: Record<string, readonly string[]> = {
  SP: ['###.###.###.###'],
  MG: ['###.###.###/####'],
  RJ: ['##.###.##-#'],
  PR: ['########-##'],
  RS: ['###/#######'],
  SC: ['###.###.###'],
  GO: ['##.###.###-#'],
  DF: ['###########-##'],
  BA: ['######-##', '#######-##'],
  ES: ['###.###.##-#'],
};

export function formatStateRegistration(stored: string | null, uf: string | null): string {
  if (!stored) return '';
  const mask = (MASKS[uf ?? ''] ?? []).find((m) => m.replace(/[^#]/g, '').length === stored.length);
  if (!mask || !/^\d+$/.test(stored)) return stored;
  let next = 0;
  return mask.replace(/#/g, () => stored[next++] ?? '');
}
