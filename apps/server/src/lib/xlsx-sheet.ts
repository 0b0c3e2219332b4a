import type ExcelJS from 'exceljs';
import { fail } from './errors';
import { checkXlsxLimits, XLSX_MAX_UNPACKED_MB } from './xlsx-limits';

export interface SheetRow {
  /** The row number as Excel shows it (the title row is 1). */
  row: number;
  cells: string[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function text(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result === undefined ? '' : String(value.result);
    return '';
  }
  return String(value);
}

/**
 * The data rows of the first sheet of an .xlsx file, checked by content (a zip that exceljs reads, whatever
 * its name, within the limits of xlsx-limits.ts), its title row matching `columns`; empty rows are skipped.
 * 422 with a Chinese reason otherwise.
 */
export async function readSheetRows(data: Buffer, columns: readonly string[], maxRows: number) {
  if (data.length < 4 || !data.subarray(0, 4).equals(ZIP)) throw fail('XLSX_NOT_ZIP');
  // Bounded before exceljs builds it in memory: unpacked size and rows, read only as far as allowed.
  await checkXlsxLimits(data, { maxBytes: XLSX_MAX_UNPACKED_MB * 1024 * 1024, maxRows });
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fail('XLSX_INVALID');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw fail('XLSX_NO_SHEET');
  const head = columns.map((_, i) => text(sheet.getRow(1).getCell(i + 1).value).trim());
  if (head.some((h, i) => h !== columns[i])) {
    throw fail('XLSX_HEADER', { columns: columns.join('、') });
  }
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const cells = columns.map((_, i) => text(sheet.getRow(r).getCell(i + 1).value).trim());
    if (cells.every((c) => c === '')) continue;
    rows.push({ row: r, cells });
    if (rows.length > maxRows) throw fail('XLSX_TOO_MANY_ROWS', { max: maxRows });
  }
  if (!rows.length) throw fail('XLSX_NO_ROWS');
  return rows;
}

/** A one-sheet template: the title row (bold) and example rows. */
export async function templateXlsx(sheetName: string, columns: readonly string[], examples: string[][]) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = '考评';
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((header) => ({ header, width: Math.max(14, header.length * 3) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of examples) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
