// The print layout of an xlsx report sheet, read back with exceljs: merged two-level headers, A4
// landscape fit to width with the header rows repeated, shares as numbers with a % format, a CJK font
// in every written cell, and the signature lines.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openBook } from '../src/modules/results/export-xlsx';
import { reportSheet } from '../src/modules/results/export-xlsx-report';

async function bookOf(write: (out: PassThrough) => Promise<void>) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  await done;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book;
}

describe('xlsx report sheet', () => {
  it('prints a two-level header, % shares, landscape fit to width, repeated header rows, 宋体', async () => {
    const book = await bookOf(async (out) => {
      const b = openBook(out);
      reportSheet(b, '民主测评汇总表', {
        title: '华东能源 民主测评汇总表',
        lines: ['测评批次：2025年度', '阈值：称职及以上率低于 66.67% 预警'],
        blocks: [
          { kind: 'heading', text: '领导班子', level: 2 },
          {
            kind: 'table',
            table: {
              header: [
                [
                  { text: '票类', rowSpan: 2 },
                  { text: '优秀', colSpan: 2 },
                  { text: '称职', colSpan: 2 },
                ],
                [{ text: '票数' }, { text: '占比' }, { text: '票数' }, { text: '占比' }],
              ],
              widths: [14, 7, 8, 7, 8],
              rows: [
                { cells: ['中层', { num: 5 }, { percent: 8.06 }, { num: 57 }, { percent: 91.94 }] },
                {
                  cells: ['合计', { num: 5 }, { percent: 8.1, decimals: 1 }, { num: 57 }, null],
                  flagged: true,
                },
              ],
            },
          },
        ],
      });
      await b.commit();
    });
    const ws = book.getWorksheet('民主测评汇总表')!;
    expect(ws.getCell('A1').value).toBe('华东能源 民主测评汇总表');
    // Title 1, two lines, the heading, then the header on rows 5-6.
    expect(ws.getCell('A5').value).toBe('票类');
    expect(ws.getCell('B5').value).toBe('优秀');
    expect(ws.getCell('D5').value).toBe('称职');
    expect(ws.getCell('B6').value).toBe('票数');
    expect(ws.getCell('C6').value).toBe('占比');
    const merges = (ws.model as unknown as { merges: string[] }).merges;
    expect(merges).toEqual(expect.arrayContaining(['A1:E1', 'A5:A6', 'B5:C5', 'D5:E5']));
    expect(ws.getCell('C7').value).toBeCloseTo(0.0806, 10);
    expect(ws.getCell('C7').numFmt).toBe('0.00%');
    expect(ws.getCell('C8').numFmt).toBe('0.0%');
    expect(ws.getCell('B7').value).toBe(5);
    expect((ws.getCell('A8').fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFDE2E2');
    expect(ws.pageSetup).toMatchObject({
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '5:6',
    });
    const fonts = new Set<string | undefined>();
    ws.eachRow((row) => row.eachCell((c) => fonts.add(c.font?.name)));
    expect([...fonts]).toEqual(['宋体']);
    const texts: string[] = [];
    ws.eachRow((row) => row.eachCell((c) => texts.push(String(c.value))));
    for (const s of ['计票人', '监票人', '日期']) expect(texts.join(' ')).toContain(s);
  });
});
