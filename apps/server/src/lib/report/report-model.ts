import type { ChartPng, ChartSpec } from './chart-png';
// The printable report as plain blocks: one content builder fills it, and two renderers draw the same
// blocks, as PDF (report-pdf.ts) and as Word (report-docx.ts); its tables also go into the xlsx export
// (results/export-xlsx-report.ts), where numbers stay numbers and shares are formatted as %.

/**
 * A table cell: text, a number, or a share in percent (8.06 means 8.06 %, already rounded half-up by
 * the figures; printed with `decimals`, written to Excel as 0.0806 with a % format). null is empty.
 * A `signed` number is a change or a difference: printed with + for a rise and - for a fall (as the
 * screens' formatPoints), 0.00 without a sign.
 */
export type ReportCell =
  | string
  | null
  | { num: number; decimals?: number; signed?: boolean }
  | { percent: number; decimals?: number };

const fixed = (n: number, decimals: number) => n.toFixed(decimals);

/** A difference as a cell: +13.89 / -2.00 / 0.00, — without a figure. */
export const signedCell = (n: number | null, decimals = 2): ReportCell =>
  n === null ? '—' : { num: n, decimals, signed: true };

/** The printed text of a cell. */
export function cellText(c: ReportCell): string {
  if (c === null) return '';
  if (typeof c === 'string') return c;
  if ('num' in c) {
    const text = fixed(c.num, c.decimals ?? 0);
    if (!c.signed) return text;
    if (Number(text) === 0) return text.replace(/^-/, '');
    return c.num > 0 ? `+${text}` : text;
  }
  return `${fixed(c.percent, c.decimals ?? 2)}%`;
}

/** The Excel number format of a signed number (+13.89 / -2.00 / 0.00). */
export const signedNumFmt = (decimals: number) => {
  const f = `0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`;
  return `+${f};-${f};${f}`;
};

export interface HeaderCell {
  text: string;
  /** Columns it covers (default 1). */
  colSpan?: number;
  /** Header rows it covers (default 1), e.g. 测评对象 beside the grade → 票数 / 占比 pair. */
  rowSpan?: number;
}

/** A header of one row, a column per label. */
export const oneRowHeader = (...labels: string[]): HeaderCell[][] => [labels.map((text) => ({ text }))];

export interface ReportRow {
  cells: ReportCell[];
  /** A flagged row (预警): a red background in print. */
  flagged?: boolean;
  bold?: boolean;
}

export interface ReportTable {
  /** Header rows, repeated on every page the table runs onto. */
  header: HeaderCell[][];
  /**
   * The leading columns that name a row's group (default 1: the person). A row whose cell there is null
   * continues the group above it; at the top of a new page the name is printed again, as '张三（续）'.
   */
  keyColumns?: number;
  /** Relative column widths; the renderer scales them to the page. */
  widths: number[];
  rows: ReportRow[];
}

export type ReportBlock =
  | { kind: 'heading'; text: string; level: 1 | 2 }
  | { kind: 'paragraph'; text: string; tone?: 'warning' | 'muted' }
  | { kind: 'table'; table: ReportTable }
  // A chart drawn (png) or still to draw (option: the renderers draw it, on the render worker).
  | ({ kind: 'chart' } & (ChartPng | ChartSpec))
  | { kind: 'signatures' }
  | { kind: 'pageBreak' };

export interface ReportDoc {
  /** The document's title (file properties, page header). */
  title: string;
  /** A warning printed in the header of every page, in red, e.g. 计票未完成 before the count is final. */
  pageNote?: string;
  cover: { title: string; subtitle: string; lines: string[] };
  /**
   * How the document opens: 'cover' (a report, the default: a cover page, in Word then a table of
   * contents) or 'title' (a table document such as a 汇总表: no cover or contents, the first page starts
   * with the cover's title centred, its subtitle when not empty, its lines, then the blocks).
   */
  opening?: 'cover' | 'title';
  blocks: ReportBlock[];
  /** The 核验码 of this printing (report-check), in the footer of every page. */
  sealCode?: string;
}

/** The 核验码 as every document prints it, beside the page number. */
export const sealText = (code: string) => `核验码：${code}`;

/** The footer of every page; the renderers put the numbers in (Word as PAGE and NUMPAGES fields). */
export const pageNumberText = (page: number | string, total: number | string) =>
  `第 ${page} 页 共 ${total} 页`;

/** How a group's name is printed again on the first row of a new page. */
export const continuedText = (name: string) => `${name}（续）`;

/** The lines every printed result ends with. */
export const SIGNATURE_LABELS = ['计票人：', '监票人：', '日期：'] as const;

/** The grid positions of a header: which column each header cell starts at (row spans taken into account). */
export function headerLayout(header: HeaderCell[][]) {
  const taken: boolean[][] = header.map(() => []);
  return header.map((row, r) => {
    let col = 0;
    return row.map((cell) => {
      while (taken[r]![col]) col++;
      const at = { cell, row: r, col, colSpan: cell.colSpan ?? 1, rowSpan: cell.rowSpan ?? 1 };
      for (let rr = r; rr < r + at.rowSpan && rr < header.length; rr++)
        for (let c = col; c < col + at.colSpan; c++) taken[rr]![c] = true;
      col += at.colSpan;
      return at;
    });
  });
}
