/**
 * "1 entrada", "2 entradas", "1.234 produtos": a count with its noun agreeing in number, the number written the
 * Brazilian way. One helper for the reports and every screen.
 */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString('pt-BR')} ${Math.abs(count) === 1 ? singular : plural}`;
}
