import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Chinese text needs a CJK font inside the PDF: Noto Sans SC (SIL Open Font License) from the
// @expo-google-fonts/noto-sans-sc package, a static TrueType file that pdfkit (fontkit) subsets to the
// glyphs a document uses, so a page of slips carries a few dozen glyphs, not the 10 MB font.

const require = createRequire(import.meta.url);
let regular: Buffer | undefined;

/** Where the Noto Sans SC Regular TTF is (the chart renderer loads it by path). */
export function cjkFontPath(): string {
  const dir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  return path.join(dir, '400Regular', 'NotoSansSC_400Regular.ttf');
}

/** The Noto Sans SC Regular TTF, read once per process. */
export function cjkFont(): Buffer {
  regular ??= readFileSync(cjkFontPath());
  return regular;
}

/** Font names registered on every document made by document.ts. */
export const FONTS = {
  /** Chinese and everything else: embedded, subset. */
  text: 'cjk',
  /** Codes: one of PDF's standard fonts, never embedded, every character distinct (0/O never appear). */
  code: 'Courier-Bold',
} as const;
