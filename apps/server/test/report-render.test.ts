// The report renderers on a hand-made document: the PDF and the .docx are valid files that carry the
// Chinese text, the merged header, the flagged row and the signature lines.
import { describe, expect, it } from 'vitest';
import { stackedSharesChart } from '../src/lib/report/chart-png';
import { headerLayout, type ReportDoc } from '../src/lib/report/report-model';
import { reportDocx } from '../src/lib/report/report-docx';
import { reportPdf } from '../src/lib/report/report-pdf';
import { docxText, pdfText } from './helpers/doc-files';

const names = Array.from({ length: 70 }, (_, i) => `测评对象${i + 1}`);
const doc = (): ReportDoc => ({
  title: '华东能源有限公司 2025年度 测评报告',
  cover: { title: '华东能源有限公司', subtitle: '2025年度 民主测评报告', lines: ['测评批次：2025年度'] },
  blocks: [
    { kind: 'heading', text: '一、民主测评汇总表', level: 1 },
    { kind: 'paragraph', text: '收回数未超过半数', tone: 'warning' },
    {
      kind: 'table',
      table: {
        header: [
          [
            { text: '测评对象', rowSpan: 2 },
            { text: '优秀', colSpan: 2 },
            { text: '称职', colSpan: 2 },
          ],
          [{ text: '票数' }, { text: '占比' }, { text: '票数' }, { text: '占比' }],
        ],
        widths: [3, 1, 1, 1, 1],
        rows: names.map((n, i) => ({
          cells: [n, { num: 3 }, { percent: 8.06 }, { num: 2 }, { percent: 5, decimals: 1 }],
          flagged: i === 1,
        })),
      },
    },
    {
      kind: 'chart',
      ...stackedSharesChart(
        '各等次占比',
        ['班子', '张三'],
        [
          { name: '优秀', shares: [60, 40] },
          { name: '称职', shares: [40, 60] },
        ],
      ),
    },
    { kind: 'signatures' },
  ],
});

describe('report renderers', () => {
  it('lays a two-row header out with the row span taken into account', () => {
    const block = doc().blocks[2]!;
    if (block.kind !== 'table') throw new Error('table expected');
    const layout = headerLayout(block.table.header);
    expect(layout[1]!.map((c) => c.col)).toEqual([1, 2, 3, 4]);
  });

  it('draws a PDF whose text holds the headings, every row, the header on each page and the signature lines', async () => {
    const pdf = await reportPdf(doc());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBeGreaterThanOrEqual(4);
    for (const n of names) expect(text).toContain(n);
    expect(text).toContain('8.06%');
    expect(text).toContain('5.0%');
    expect(text).toContain('民主测评汇总表');
    expect(text).toContain('收回数未超过半数');
    expect(text.match(/票数/g)!.length).toBeGreaterThan(2);
    for (const s of ['计票人', '监票人', '日期']) expect(text).toContain(s);
    // A subset of the font: a few hundred glyphs, not the 10 MB file.
    expect(pdf.length).toBeLessThan(400_000);
  });

  it('builds a .docx whose document.xml holds the same, with merged and repeated header rows and the chart', async () => {
    const { xml, text, media } = await docxText(await reportDocx(doc()));
    for (const n of names) expect(text).toContain(n);
    for (const s of ['民主测评汇总表', '计票人', '监票人', '日期', '华东能源有限公司'])
      expect(text).toContain(s);
    expect(xml).toContain('<w:tblHeader/>');
    expect(xml).toContain('<w:gridSpan w:val="2"/>');
    expect(xml).toContain('<w:vMerge w:val="restart"/>');
    expect(xml).toContain('w:fill="FDE2E2"');
    expect(xml).toContain('w:eastAsia="宋体"');
    expect(media).toHaveLength(1);
  });
});
