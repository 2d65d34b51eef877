/**
 * The one Content-Disposition every file the API sends is named by: `filename="…"` for old clients, in printable
 * ASCII (accents dropped, `"` and `\` removed, `arquivo` when nothing is left), then `filename*=UTF-8''…` (RFC 5987,
 * RFC 6266) with the name as it is, so browsers save `saídas-2026-11-24.csv` with its accents.
 */
export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'arquivo';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** Percent-encoding as RFC 5987's attr-char wants it: encodeURIComponent also leaves ' ( ) * and ! as they are. */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
