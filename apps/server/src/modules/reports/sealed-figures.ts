// What a 核验码 seals (issue 27): the figures a document is drawn from, and how they are read again for
// 报告核验. The report seals its blocks as printed (charts by their place, as they draw the tables' figures;
// the cover's 生成时间 left out); a workbook seals its family's 汇总表 and the results its sheets are
// written from; the printed 汇总表 seals the 汇总表 the screen showed. `generated_at` is never sealed
// (report-check/seal-code.ts canonicalJson).
import type { SealedDocument } from '@kaoping/contracts/report-check';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import type { PollFamily } from '@kaoping/contracts/vote-type';
import type { ReportDoc } from '../../lib/report/report-model';

/** A report's printed content: title, page note, headings, paragraphs and tables. */
export const reportFigures = (d: ReportDoc) => ({
  title: d.title,
  pageNote: d.pageNote ?? null,
  cover: { title: d.cover.title, subtitle: d.cover.subtitle },
  blocks: d.blocks.map((b) => (b.kind === 'chart' ? { kind: 'chart' } : b)),
});

/** A workbook's figures: its family's part of the 汇总表 (the print sheets) and the results sheets'. */
export function workbookFigures(s: UnitSummary, family: PollFamily, results: unknown) {
  const { company, round, validity } = s;
  const summary =
    family === 'democratic_appraisal'
      ? { company, round, validity, appraisal: s.appraisal }
      : { company, round, validity, cadre: s.cadre, newly_promoted: s.newly_promoted };
  return { summary, results };
}

export const WORKBOOK_KINDS: Record<PollFamily, SealedDocument> = {
  democratic_appraisal: 'appraisal_xlsx',
  democratic_evaluation: 'evaluation_xlsx',
};
