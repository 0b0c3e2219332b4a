import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import type { PollFamily } from '@kaoping/contracts/vote-type';
import type { Db } from '../../db/client';
import type { Keys } from '../../lib/keys';
import type { ReportDoc } from '../../lib/report/report-model';
import { sealDocument } from '../report-check/report-check.service';
import { prepareXlsx, type ExportJob } from '../results/export.service';
import { buildUnitSummary } from '../summary/summary.service';
import { appraisalBlocks } from './report-appraisal';
import { closedLine, minute } from './report-common';
import { cadreBlocks, promotedBlocks } from './report-evaluation';
import { validityBlocks } from './report-validity';
import { summarySheets } from './report-xlsx';
import { reportFigures, WORKBOOK_KINDS, workbookFigures } from './sealed-figures';

/** Who prints, with the keys that seal what is printed (a 核验码 per document, issue 27). */
export interface Printer {
  keys: Keys;
  userId: number | null;
}

export interface PreparedReport {
  summary: UnitSummary;
  doc: ReportDoc;
  /** e.g. 华东能源-2025年度-测评报告.pdf */
  fileName(ext: 'pdf' | 'docx'): string;
}

/** The report of a unit's round from its 汇总表 (404 for an unknown unit or round, before any drawing). */
export async function prepareReport(db: Db, companyId: number, roundId?: number): Promise<PreparedReport> {
  const s = await buildUnitSummary(db, companyId, roundId);
  const doc: ReportDoc = {
    title: `${s.company.name} ${s.round.name} 测评报告`,
    // A report printed before every voter group finished counting says so on every page.
    ...(s.validity.count_note ? { pageNote: s.validity.count_note } : {}),
    cover: {
      title: s.company.name,
      subtitle: `${s.round.name} 民主测评与民主评议结果报告`,
      lines: [`测评批次：${s.round.name}`, closedLine(s), `生成时间：${minute(s.generated_at)}（北京时间）`],
    },
    blocks: [
      ...validityBlocks(s),
      ...appraisalBlocks(s, { charts: true }),
      ...cadreBlocks(s),
      ...promotedBlocks(s, { charts: true }),
      { kind: 'signatures' },
    ],
  };
  return { summary: s, doc, fileName: (ext) => `${s.company.name}-${s.round.name}-测评报告.${ext}` };
}

/** The report, sealed for one file (PDF or Word): its 核验码 goes in every page's footer. */
export async function sealedReport(
  db: Db,
  printer: Printer,
  ext: 'pdf' | 'docx',
  companyId: number,
  roundId?: number,
): Promise<PreparedReport> {
  const report = await prepareReport(db, companyId, roundId);
  const seal = await sealDocument(db, printer.keys, {
    kind: ext === 'pdf' ? 'report_pdf' : 'report_docx',
    companyId: report.summary.company.id,
    roundId: report.summary.round.id,
    figures: reportFigures(report.doc),
    userId: printer.userId,
  });
  return { ...report, doc: { ...report.doc, sealCode: seal.code } };
}

/**
 * The results workbook of a family with the official 汇总表 sheets in the print layout first (from the
 * unit's summary, which is why it is made here, above both the results and the summary modules), sealed
 * with a 核验码.
 */
export async function prepareSummaryXlsx(
  db: Db,
  printer: Printer,
  companyId: number,
  family: PollFamily,
  roundId?: number,
): Promise<ExportJob> {
  const s = await buildUnitSummary(db, companyId, roundId);
  const job = await prepareXlsx(db, companyId, family, s.round.id, summarySheets(s, family));
  // Sealed once everything that can be refused was refused; the 核验码 goes in every sheet's footer.
  const seal = await sealDocument(db, printer.keys, {
    kind: WORKBOOK_KINDS[family],
    companyId: s.company.id,
    roundId: s.round.id,
    figures: workbookFigures(s, family, job.figures),
    userId: printer.userId,
  });
  return { ...job, write: (out) => job.write(out, seal.code) };
}
