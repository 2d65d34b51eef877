/**
 * A field's message with its field's name in front, unless the message already names it: "Código de barras inválido…"
 * under the column Código de barras reads once, not "Código de barras: Código de barras inválido…" (issue 33). The one
 * rule for the API's request messages and the sheet previews' row errors.
 */
export function withFieldName(label: string, message: string): string {
  const named =
    !label ||
    message.startsWith('Selecione ') ||
    message.startsWith('Para cada ') ||
    message.toLowerCase().includes(label.toLowerCase());
  return named ? message : `${label}: ${message}`;
}
