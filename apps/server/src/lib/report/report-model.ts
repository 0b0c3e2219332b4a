// The printable report as plain blocks: one content builder fills it, and two renderers draw the same
// blocks, as PDF (report-pdf.ts) and as Word (report-docx.ts); its tables also go into the xlsx export
// (results/export-xlsx-report.ts), where numbers stay numbers and shares are formatted as %.

/**
 * A table cell: text, a number, or a share in percent (8.06 means 8.06 %, already rounded half-up by
 * the figures; printed with `decimals`, written to Excel as 0.0806 with a % format). null is empty.
 */
export type ReportCell =
  string | null | { num: number; decimals?: number } | { percent: number; decimals?: number };

const fixed = (n: number, decimals: number) => n.toFixed(decimals);

/** The printed text of a cell. */
export function cellText(c: ReportCell): string {
  if (c === null) return '';
  if (typeof c === 'string') return c;
  if ('num' in c) return fixed(c.num, c.decimals ?? 0);
  return `${fixed(c.percent, c.decimals ?? 2)}%`;
}

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
  /** Relative column widths; the renderer scales them to the page. */
  widths: number[];
  rows: ReportRow[];
}

export type ReportBlock =
  | { kind: 'heading'; text: string; level: 1 | 2 }
  | { kind: 'paragraph'; text: string; tone?: 'warning' | 'muted' }
  | { kind: 'table'; table: ReportTable }
  | { kind: 'chart'; png: Buffer; width: number; height: number }
  | { kind: 'signatures' }
  | { kind: 'pageBreak' };

export interface ReportDoc {
  /** The document's title (file properties, page header). */
  title: string;
  cover: { title: string; subtitle: string; lines: string[] };
  blocks: ReportBlock[];
}

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
