import { beijingTime } from './export-columns';
// Helpers for writing a workbook with exceljs's streaming writer: each sheet is written row by row and
// committed before the next starts, so only the current rows are in memory.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ACCESS_MODE_LABELS } from '@kaoping/contracts/ballot-codes';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import type { Cell, RawTable } from './export-columns';

export type Book = ExcelJS.stream.xlsx.WorkbookWriter;
export type Sheet = ExcelJS.Worksheet;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function openBook(out: Writable): Book {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = '考评';
  return book;
}

const PLAIN: Partial<ExcelJS.Style> = {};
const thin = { style: 'thin' as const };
const border = { top: thin, left: thin, bottom: thin, right: thin };
const headerFill = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFE8EEF7' } };

/** Excel allows 31 characters and none of []:*?/\ in a sheet name, and names must be unique. */
export function sheetNamer() {
  const used = new Set<string>();
  return (wanted: string) => {
    const base =
      wanted
        .replace(/[[\]:*?/\\]/g, '_')
        .trim()
        .slice(0, 31) || '工作表';
    let name = base;
    for (let i = 2; used.has(name.toLowerCase()); i++)
      name = `${base.slice(0, 31 - String(i).length - 1)}_${i}`;
    used.add(name.toLowerCase());
    return name;
  };
}

/** A sheet with column widths set (the streaming writer needs them before the first row). */
export function addSheet(book: Book, name: string, widths: number[], frozenRows = 0): Sheet {
  const sheet = book.addWorksheet(
    name,
    frozenRows ? { views: [{ state: 'frozen', ySplit: frozenRows }] } : {},
  );
  sheet.columns = widths.map((width) => ({ width }));
  return sheet;
}

export function titleRow(sheet: Sheet, text: string, span: number) {
  const row = sheet.addRow([text]);
  row.font = { bold: true, size: 16 };
  row.alignment = { horizontal: 'center', vertical: 'middle' };
  row.height = 28;
  if (span > 1) sheet.mergeCells(row.number, 1, row.number, span);
  row.commit();
}

export function textRow(sheet: Sheet, cells: Cell[], opts: { bold?: boolean } = {}) {
  const row = sheet.addRow(cells);
  if (opts.bold) row.font = { bold: true };
  row.commit();
}

export function headerRow(sheet: Sheet, cells: Cell[]) {
  const row = sheet.addRow(cells);
  row.eachCell((c) => {
    c.font = { bold: true };
    c.fill = headerFill;
    c.border = border;
    c.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  });
  row.commit();
}

/** A table body row; numbers show two decimals where `decimals` says so. */
export function dataRow(sheet: Sheet, cells: Cell[], decimals: ReadonlySet<number> = new Set()) {
  const row = sheet.addRow(cells);
  row.eachCell((c, col) => {
    c.border = border;
    if (decimals.has(col - 1) && typeof c.value === 'number') c.numFmt = '0.00';
  });
  row.commit();
}

const WARNINGS: Record<NonNullable<TurnoutRow['rate_warning']>, string> = {
  over: '参评率超过 100%，请核对发出数',
  under: '参评率未过半数',
};
const warningFill = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFFFE7BA' } };

/**
 * 发出数 / 收回数 / 参评率 per vote type, after `lead` empty cells. A rate above 100 % or below half is
 * flagged in words and in a warning colour. Test ballots are shown apart and are in no figure.
 */
export function turnoutTable(sheet: Sheet, voteTypes: TurnoutRow[], lead = 0) {
  const pad: Cell[] = Array.from({ length: lead }, () => null);
  headerRow(sheet, [
    ...pad,
    '投票类型',
    '投票方式',
    '发出数',
    '收回数',
    '参评率（%）',
    '提示',
    '试投票（不计入）',
    '结束时间（北京时间）',
  ]);
  for (const v of voteTypes) {
    const row = sheet.addRow([
      ...pad,
      v.name,
      ACCESS_MODE_LABELS[v.access_mode],
      v.issued,
      v.received,
      v.rate,
      v.rate_warning ? WARNINGS[v.rate_warning] : null,
      v.test_received,
      v.closed_at ? beijingTime(new Date(v.closed_at)) : '未结束',
    ]);
    row.eachCell((c, col) => {
      if (col <= lead) return;
      c.border = border;
      if (col === lead + 5 && typeof c.value === 'number') c.numFmt = '0.00';
      if (v.rate_warning && (col === lead + 5 || col === lead + 6)) {
        c.fill = warningFill;
        c.font = { color: { argb: 'FF9A3412' }, bold: true };
      }
    });
    row.commit();
  }
}

/** Waits while the reader is behind, so a slow download does not pile the workbook up in memory. */
export async function drained(out: Writable) {
  while (!out.destroyed && out.writableLength > out.writableHighWaterMark) {
    await Promise.race([once(out, 'drain'), once(out, 'close')]);
  }
}

/** Uncompressed XML a sheet may hold ahead of the zip before the rows wait for it. */
const ZIP_BACKLOG = 1 << 20;

/**
 * exceljs's streaming writer hands each sheet's XML to the zip without waiting for it (its StreamBuf
 * ignores backpressure), and while rows are being made (and the embedded database reads the next
 * batch on the same thread) the deflater falls behind: 100,000 ballot rows piled up about 100 MB of
 * XML in memory (issue 18). Waits until the sheet's zip entry has taken what was written. This reads
 * exceljs internals; should they change, it waits for nothing and the export still works as before.
 */
async function zipCaughtUp(sheet: Sheet, out: Writable) {
  type Entry = { _writableState?: { length?: number } };
  const entry = (sheet as unknown as { stream?: { pipes?: Entry[] } }).stream?.pipes?.[0];
  while (!out.destroyed && (entry?._writableState?.length ?? 0) > ZIP_BACKLOG) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Ballot rows per sheet: Excel stops at 1,048,576 rows, so a huge vote continues on 原始选票_2, … */
export const RAW_ROWS_PER_SHEET = 1_000_000;

/** Streams the raw ballots into one sheet (more past RAW_ROWS_PER_SHEET), batch by batch. */
export async function rawSheet<R>(
  book: Book,
  sheetName: (wanted: string) => string,
  table: RawTable<R>,
  batches: AsyncIterable<R[]>,
  out: Writable,
  rowsPerSheet = RAW_ROWS_PER_SHEET,
) {
  const widths = table.headers.map((h, i) => (i < 3 ? 14 : Math.min(30, Math.max(10, h.length * 2))));
  const open = () => {
    const s = addSheet(book, sheetName('原始选票'), widths, 1);
    headerRow(s, table.headers);
    return s;
  };
  let sheet = open();
  let written = 0;
  for await (const rows of batches) {
    if (out.destroyed) throw new Error('下载已中断');
    for (const r of rows) {
      if (written === rowsPerSheet) {
        sheet.commit();
        sheet = open();
        written = 0;
      }
      // Empty cells are left out rather than written blank, and every cell shares one style object,
      // which exceljs caches by identity: together about half the cost of 100,000 rows.
      const row = sheet.addRow(table.row(r).map((c) => (c === null ? undefined : c)));
      row.eachCell((c) => (c.style = PLAIN));
      row.commit();
      written++;
    }
    await zipCaughtUp(sheet, out);
    await drained(out);
  }
  sheet.commit();
}
