import type { Cell, RawTable } from './export-columns';

/** Excel opens a CSV as UTF-8 (and shows Chinese) only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180). Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
 * gets a leading apostrophe: voters type free text, and a downloaded file must not execute it.
 */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/** The raw-ballot CSV, produced batch by batch as the reader takes it. */
export async function* csvChunks<R>(table: RawTable<R>, batches: AsyncIterable<R[]>): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(table.headers);
  for await (const rows of batches) {
    yield rows.map((r) => csvLine(table.row(r))).join('');
  }
}
