import { beijingTime } from './export-columns';
// Helpers for writing a workbook with exceljs's streaming writer: each sheet is written row by row and
// committed before the next starts, so only the current rows are in memory.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ACCESS_MODE_LABELS } from '@kaoping/contracts/ballot-codes';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import type { Cell, RawTable } from './export-columns';

export type Book = ExcelJS.stream.xlsx.WorkbookWriter;
export type Sheet = ExcelJS.Worksheet;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// exceljs loads on the first workbook written, not when the server starts (it takes a good part of a
// second, which every start and every test file would pay for the few requests that export).
const load = createRequire(import.meta.url);
let exceljs: typeof ExcelJS | undefined;

/** The 核验码 of a workbook being written (report-check), printed in the footer of each of its sheets. */
const seals = new WeakMap<Book, string>();
export const sealOf = (book: Book) => seals.get(book);

/** A streaming workbook into `out`; `seal`: its 核验码, in every sheet's footer. */
export function openBook(out: Writable, seal?: string): Book {
  exceljs ??= load('exceljs') as typeof ExcelJS;
  const book = new exceljs.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = '考评';
  if (seal) seals.set(book, seal);
  return book;
}

/**
 * The font of every cell written: a CJK font every Chinese Windows has (Excel's default Calibri has no
 * Chinese glyphs and prints them in a fallback of its choosing).
 */
export const XLSX_FONT = '宋体';
export const font = (extra: Partial<ExcelJS.Font> = {}): Partial<ExcelJS.Font> => ({
  name: XLSX_FONT,
  size: 11,
  ...extra,
});
const PLAIN: Partial<ExcelJS.Style> = { font: font() };
const thin = { style: 'thin' as const };
/** The thin border and the header fill of every table in the workbooks (results and report sheets). */
export const border = { top: thin, left: thin, bottom: thin, right: thin };
export const solidFill = (argb: string) => ({
  type: 'pattern' as const,
  pattern: 'solid' as const,
  fgColor: { argb },
});
export const headerFill = solidFill('FFE8EEF7');

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

/**
 * How every sheet prints: A4 landscape, fit to one page wide (as many pages down as it takes), centred.
 * A sheet with a table also repeats its header rows on every page (`printTitlesRow`, set by the writer
 * once it knows the rows; the workbook's print titles are written when the book is committed).
 */
export const PRINT_SETUP: Partial<ExcelJS.PageSetup> = {
  paperSize: 9,
  orientation: 'landscape',
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  horizontalCentered: true,
  margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
};

/** A sheet with column widths set (the streaming writer needs them before the first row). */
export function addSheet(book: Book, name: string, widths: number[], frozenRows = 0): Sheet {
  const sheet = book.addWorksheet(name, {
    pageSetup: { ...PRINT_SETUP, ...(frozenRows ? { printTitlesRow: `1:${frozenRows}` } : {}) },
    ...(frozenRows ? { views: [{ state: 'frozen', ySplit: frozenRows }] } : {}),
  });
  const seal = sealOf(book);
  // Excel's footer sections: &C the page number, &R the 核验码 (sheet text, so & is doubled).
  sheet.headerFooter = {
    oddFooter: `&C第 &P 页，共 &N 页${seal ? `&R核验码：${seal.replace(/&/g, '&&')}` : ''}`,
  };
  sheet.columns = widths.map((width) => ({ width }));
  return sheet;
}

/** The title of a sheet: bold and large, centred across `span` columns. */
export function titleRow(sheet: Sheet, text: string, span: number) {
  const row = sheet.addRow([text]);
  row.font = font({ bold: true, size: 16 });
  row.alignment = { horizontal: 'center', vertical: 'middle' };
  row.height = 28;
  if (span > 1) sheet.mergeCells(row.number, 1, row.number, span);
  row.commit();
}

/** A line of text (a unit, a date, a note) in the sheet's font, bold or coloured where `opts` says. */
export function textRow(sheet: Sheet, cells: Cell[], opts: Partial<ExcelJS.Font> = {}) {
  const row = sheet.addRow(cells);
  row.font = font(opts);
  row.commit();
}

/** The look of every table head cell of the workbooks: bold, filled, bordered, centred and wrapped. */
export function headCell(c: ExcelJS.Cell) {
  c.font = font({ bold: true });
  c.fill = headerFill;
  c.border = border;
  c.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
}

/** A one-row table head. */
export function headerRow(sheet: Sheet, cells: Cell[]) {
  const row = sheet.addRow(cells);
  row.eachCell(headCell);
  row.commit();
}

/** A table body row; numbers show two decimals where `decimals` says so. */
export function dataRow(sheet: Sheet, cells: Cell[], decimals: ReadonlySet<number> = new Set()) {
  const row = sheet.addRow(cells);
  row.eachCell((c, col) => {
    c.border = border;
    c.font = font();
    if (decimals.has(col - 1) && typeof c.value === 'number') c.numFmt = '0.00';
  });
  row.commit();
}

const WARNINGS: Record<NonNullable<TurnoutRow['rate_warning']>, string> = {
  over: '参评率超过 100%，请核对发出数',
  under: '参评率未过半数',
};
const warningFill = solidFill('FFFFE7BA');

/**
 * 发出数 / 收回数 (线上 and 纸质 apart) / 参评率 per vote type, after `lead` empty cells. A rate above 100 % or below half is
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
    '其中线上',
    '其中纸质',
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
      v.online,
      v.paper,
      v.rate,
      v.rate_warning ? WARNINGS[v.rate_warning] : null,
      v.test_received,
      v.closed_at ? beijingTime(new Date(v.closed_at)) : '未结束',
    ]);
    row.eachCell((c, col) => {
      if (col <= lead) return;
      c.border = border;
      c.font = font();
      if (col === lead + 7 && typeof c.value === 'number') c.numFmt = '0.00';
      if (v.rate_warning && (col === lead + 7 || col === lead + 8)) {
        c.fill = warningFill;
        c.font = font({ color: { argb: 'FF9A3412' }, bold: true });
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

/** Rows written between two turns of the event loop (about 10 ms of exceljs on a busy laptop). */
const ROWS_PER_TURN = 100;

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
      // A turn of the event loop every ROWS_PER_TURN rows: ballots and health go between (issue 28).
      if (written % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await zipCaughtUp(sheet, out);
    await drained(out);
  }
  sheet.commit();
}
