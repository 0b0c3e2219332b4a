import type { Writable } from 'node:stream';
import { openBook, sheetNamer } from '../results/export-xlsx';
import { reportSheet, type ReportSheet } from '../results/export-xlsx-report';

/**
 * The 民主推荐情况汇总表 workbook: one sheet laid out for printing like the other 汇总表 sheets (title, lines,
 * bordered tables with merged two-row headers, shares as % numbers, the 计票人/监票人/日期 lines and the
 * 核验码 under them and in every page's footer), streamed into `out` (exceljs loads on the first workbook).
 */
export async function writeSummaryBook(out: Writable, sheet: ReportSheet, seal?: string) {
  const book = openBook(out, seal);
  reportSheet(book, sheetNamer()(sheet.title), sheet);
  await book.commit();
}
