// The report's tables as sheets laid out for printing (issue 15 item 7): a title with unit, round and
// date, merged two-level headers (grade → 票数 / 占比), borders, shares as numbers formatted as %, the
// header rows repeated on every printed page, and the lines for 计票人, 监票人 and 日期 at the end, then
// the 核验码 (also in every page's footer) when the workbook is sealed.
import type ExcelJS from 'exceljs';
import {
  headerLayout,
  SIGNATURE_LABELS,
  signedNumFmt,
  type ReportBlock,
  type ReportCell,
  type ReportTable,
} from '../../lib/report/report-model';
import {
  addSheet,
  border,
  font,
  headCell,
  sealOf,
  solidFill,
  textRow,
  titleRow,
  type Book,
  type Sheet,
} from './export-xlsx';

export interface ReportSheet {
  title: string;
  /** Lines under the title: unit, round, date, thresholds, the time the vote closed. */
  lines: string[];
  /** Headings, notes and tables; charts are left to the PDF and Word reports. */
  blocks: ReportBlock[];
  /** Printed in red in the header of every page (计票未完成 until every group is counted). */
  pageNote?: string | null;
}

const FLAG_FILL = solidFill('FFFDE2E2');

const zeros = (n: number) => (n > 0 ? `.${'0'.repeat(n)}` : '');

/** A cell's value and number format: shares go in as fractions (8.06 → 0.0806) shown as 8.06 %. */
function valueOf(c: ReportCell): { value: ExcelJS.CellValue; numFmt?: string } {
  if (c === null || typeof c === 'string') return { value: c };
  if ('num' in c)
    return { value: c.num, numFmt: c.signed ? signedNumFmt(c.decimals ?? 0) : `0${zeros(c.decimals ?? 0)}` };
  return { value: c.percent / 100, numFmt: `0${zeros(c.decimals ?? 2)}%` };
}

/** Writes one table; answers the sheet rows of its header. */
function table(sheet: Sheet, t: ReportTable) {
  const n = t.widths.length;
  const merges: [number, number, number, number][] = [];
  const rows = headerLayout(t.header).map((row) => {
    const values: ExcelJS.CellValue[] = Array.from({ length: n }, () => null);
    for (const at of row) values[at.col] = at.cell.text;
    const x = sheet.addRow(values);
    for (const at of row)
      if (at.colSpan > 1 || at.rowSpan > 1)
        merges.push([x.number, at.col + 1, x.number + at.rowSpan - 1, at.col + at.colSpan]);
    for (let i = 1; i <= n; i++) headCell(x.getCell(i));
    return x;
  });
  // Merged once every header row exists (a row span reaches into the next row).
  for (const [r1, c1, r2, c2] of merges) sheet.mergeCells(r1, c1, r2, c2);
  for (const x of rows) x.commit();
  for (const row of t.rows) {
    const x = sheet.addRow([]);
    row.cells.forEach((cell, i) => {
      const c = x.getCell(i + 1);
      const { value, numFmt } = valueOf(cell);
      c.value = value;
      if (numFmt) c.numFmt = numFmt;
      c.font = font({ bold: row.bold, color: row.flagged ? { argb: 'FF9F1239' } : undefined });
      c.border = border;
      c.alignment = { horizontal: i === 0 ? 'left' : 'center', vertical: 'middle' };
      if (row.flagged) c.fill = FLAG_FILL;
    });
    x.commit();
  }
  return { first: rows[0]!.number, last: rows[rows.length - 1]!.number };
}

/** The lines for 计票人, 监票人 and 日期, spread across the table's width. */
export function signatureRow(sheet: Sheet, span: number) {
  sheet.addRow([]).commit();
  const values: string[] = [];
  SIGNATURE_LABELS.forEach((label, i) => {
    values[Math.floor((i * span) / SIGNATURE_LABELS.length)] = `${label}________________`;
  });
  const row = sheet.addRow(values);
  row.font = font({ size: 12 });
  row.height = 30;
  row.commit();
}

/** One printable sheet; the first table's header rows repeat on every printed page. */
export function reportSheet(book: Book, name: string, s: ReportSheet) {
  const tables = s.blocks.flatMap((b) => (b.kind === 'table' ? [b.table] : []));
  const span = Math.max(4, ...tables.map((t) => t.widths.length));
  const widths = Array.from({ length: span }, (_, i) => Math.max(6, ...tables.map((t) => t.widths[i] ?? 0)));
  const sheet = addSheet(book, name, widths);
  if (s.pageNote)
    sheet.headerFooter = { ...sheet.headerFooter, oddHeader: `&C&"-,Bold"&KB91C1C${s.pageNote}` };
  titleRow(sheet, s.title, span);
  for (const text of s.lines) textRow(sheet, [text]);
  let titles: { first: number; last: number } | undefined;
  for (const b of s.blocks) {
    if (b.kind === 'heading') textRow(sheet, [b.text], { bold: true, size: b.level === 1 ? 13 : 12 });
    else if (b.kind === 'paragraph')
      textRow(sheet, [b.text], b.tone === 'warning' ? { bold: true, color: { argb: 'FFB91C1C' } } : {});
    else if (b.kind === 'table') {
      const rows = table(sheet, b.table);
      titles ??= rows;
      sheet.addRow([]).commit();
    }
  }
  if (titles) sheet.pageSetup.printTitlesRow = `${titles.first}:${titles.last}`;
  signatureRow(sheet, span);
  const seal = sealOf(book);
  if (seal)
    textRow(sheet, [`核验码：${seal}（在系统“报告核验”中输入此码，可核对本表数据是否仍与系统一致）`], {
      size: 9,
      color: { argb: 'FF6B7280' },
    });
  sheet.commit();
}
