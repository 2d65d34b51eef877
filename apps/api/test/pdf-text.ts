import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, one string per page, items joined by single spaces. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  await task.destroy();
  return pages;
}

/**
 * Texts of a page drawn over one another: pairs of text items on the same baseline whose extents cross (a column
 * title running into the next one). Empty when the page is clean.
 */
export async function overlappingTexts(bytes: Uint8Array, pageNumber = 1): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  const page = await document.getPage(pageNumber);
  const items = (await page.getTextContent()).items
    .flatMap((item) => ('str' in item && item.str.trim() ? [item] : []))
    .map((item) => ({
      text: item.str,
      x: item.transform[4] as number,
      y: item.transform[5] as number,
      width: item.width,
    }));
  await task.destroy();
  const crossing: string[] = [];
  for (const a of items)
    for (const b of items)
      if (a !== b && Math.abs(a.y - b.y) < 2 && a.x < b.x && a.x + a.width > b.x + 0.5)
        crossing.push(`${a.text} × ${b.text}`);
  return crossing;
}

/**
 * The lines of every page as they read: the text items on one baseline, left to right (each cell a string), top
 * line first. Blank items are left out.
 */
export async function pdfRows(bytes: Uint8Array): Promise<string[][][]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  const pages: string[][][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const lines = new Map<number, { x: number; text: string }[]>();
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] as number);
      const line = lines.get(y) ?? [];
      line.push({ x: item.transform[4] as number, text: item.str.trim() });
      lines.set(y, line);
    }
    pages.push(
      [...lines.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, cells]) => cells.sort((a, b) => a.x - b.x).map((cell) => cell.text)),
    );
  }
  await task.destroy();
  return pages;
}
