import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The document and chart libraries load where a document is made (`await import()` or a require on
// first use), so that starting the server, and every test file, does not pay for them: together they
// took about a second of the server's import. A static import of one of them anywhere under src/ would
// load it at start-up again; types (`import type`) cost nothing.
const HEAVY = [
  'exceljs',
  'docx',
  'pdfkit',
  'pdf-lib',
  'sharp',
  'file-type',
  'qrcode',
  'echarts',
  '@resvg/resvg-js',
];

const src = path.resolve(import.meta.dirname, '../src');
const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));

/** `import … from 'x'` / `export … from 'x'` / `import 'x'` statements that load x, by file. */
function staticLoads(text: string): string[] {
  const found: string[] = [];
  const statement = /^(import|export)\s+(?!type\s)([^;]*?\sfrom\s+)?['"]([^'"]+)['"]/gms;
  for (const m of text.matchAll(statement)) {
    const spec = m[3]!;
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
    // `import { type A, type B } from 'x'` loads nothing either.
    const names = m[2]?.match(/^\s*\{([^}]*)\}\s*from\s+$/)?.[1];
    const typesOnly =
      names !== undefined &&
      names
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    if (HEAVY.includes(name) && !typesOnly) found.push(spec);
  }
  return found;
}

describe('heavy document libraries', () => {
  it('are imported statically by no server source file', () => {
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((f) =>
      staticLoads(readFileSync(path.join(src, f), 'utf8')).map((spec) => `${f}: ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('are still found by the checker when imported statically', () => {
    expect(staticLoads("import ExcelJS from 'exceljs';\nimport type * as D from 'docx';")).toEqual([
      'exceljs',
    ]);
    expect(staticLoads("import {\n  PDFArray,\n  type PDFObject,\n} from 'pdf-lib';")).toEqual(['pdf-lib']);
    expect(staticLoads("import { type PDFContext } from 'pdf-lib';")).toEqual([]);
    expect(staticLoads("import 'sharp';\nexport { x } from 'echarts/core';")).toEqual([
      'sharp',
      'echarts/core',
    ]);
    expect(staticLoads("const { default: ExcelJS } = await import('exceljs');")).toEqual([]);
  });
});
