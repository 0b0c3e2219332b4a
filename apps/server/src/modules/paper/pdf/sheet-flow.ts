import type { Pdf } from '../../../lib/pdf/document';
import { contentBottom, footer, runningHead, titleBlock, type Page, type SheetInfo } from './paper-frame';

const A4_PORTRAIT: Page = { width: 595.28, height: 841.89 };
const A4_LANDSCAPE: Page = { width: 841.89, height: 595.28 };

/**
 * Lays out one sheet (one copy) page by page: a cursor `y`, and `ensure(h)` that starts a new page when
 * `h` does not fit. `finish()` writes every page's footer with 第 i 页 共 n 页 (the document buffers its
 * pages), so a sheet of any length is numbered within itself.
 */
export class SheetFlow {
  readonly page: Page;
  y = 0;
  private first = -1;
  private count = 0;

  constructor(
    readonly doc: Pdf,
    readonly sheet: SheetInfo,
    readonly orientation: 'portrait' | 'landscape',
  ) {
    this.page = orientation === 'landscape' ? A4_LANDSCAPE : A4_PORTRAIT;
    this.addPage();
    this.y = titleBlock(doc, this.page, sheet);
  }

  private addPage() {
    this.doc.addPage({ size: 'A4', layout: this.orientation, margin: 0 });
    const range = this.doc.bufferedPageRange();
    if (this.first < 0) this.first = range.start + range.count - 1;
    this.count++;
  }

  /** Starts a new page unless `h` points fit below the cursor; answers true when it did. */
  ensure(h: number) {
    if (this.y + h <= contentBottom(this.page)) return false;
    this.addPage();
    this.y = runningHead(this.doc, this.page, this.sheet);
    return true;
  }

  /** Numbers the sheet's pages; answers how many it has. */
  finish() {
    for (let i = 0; i < this.count; i++) {
      this.doc.switchToPage(this.first + i);
      footer(this.doc, this.page, this.sheet, i + 1, this.count);
    }
    return this.count;
  }
}
