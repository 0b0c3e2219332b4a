import type { Writable } from 'node:stream';
import type { RecommendationResults } from '@kaoping/contracts/recommendation';
import type { SealedDocument } from '@kaoping/contracts/report-check';
import type { Db } from '../../db/client';
import type { Keys } from '../../lib/keys';
import type { ReportDoc } from '../../lib/report/report-model';
import { recommendationResults } from '../recommendations/recommendation-results.service';
import { sealDocument } from '../report-check/report-check.service';
import { roundOf } from '../rounds/round-scope';
import {
  sealedFigures,
  SUMMARY_TITLE,
  summaryReportDoc,
  summarySheet,
  type SummaryContext,
} from './recommendation-summary';
import { writeSummaryBook } from './recommendation-xlsx';

// The 民主推荐情况汇总表 of a unit's round (issue 30) as a file: read from the results answer (ended vote
// types only, like every figure), sealed with a 核验码 (decision 0047) once everything that can be refused
// was refused, then drawn: PDF and Word on the render worker, xlsx streamed.

export type SummaryFormat = 'pdf' | 'docx' | 'xlsx';

const KINDS: Record<SummaryFormat, SealedDocument> = {
  pdf: 'recommendation_pdf',
  docx: 'recommendation_docx',
  xlsx: 'recommendation_xlsx',
};

/** Who prints, with the keys that seal what is printed. */
export interface Printer {
  keys: Keys;
  userId: number | null;
}

/** The results and the round (404 for an unknown unit or round). */
async function summaryOf(db: Db, companyId: number, roundId?: number) {
  const round = await roundOf(db, companyId, roundId);
  const results: RecommendationResults = await recommendationResults(db, companyId, round.id);
  const ctx: SummaryContext = { round: { id: round.id, name: round.name } };
  return { results, ctx };
}

/** 报告核验 reads a sealed 汇总表's figures again through this. */
export async function recommendationFigures(db: Db, companyId: number, roundId: number) {
  const { results, ctx } = await summaryOf(db, companyId, roundId);
  return sealedFigures(results, ctx);
}

export interface SealedSummary {
  fileName: string;
  /** The PDF or Word document's blocks (render them with renderReport). */
  doc: ReportDoc;
  /** Streams the xlsx into `out` and ends it. */
  writeXlsx(out: Writable): Promise<void>;
}

/** The 汇总表 of a unit's round, sealed for one file. */
export async function sealedSummary(
  db: Db,
  printer: Printer,
  format: SummaryFormat,
  companyId: number,
  roundId?: number,
): Promise<SealedSummary> {
  const { results, ctx } = await summaryOf(db, companyId, roundId);
  const seal = await sealDocument(db, printer.keys, {
    kind: KINDS[format],
    companyId: results.company.id,
    roundId: ctx.round.id,
    figures: sealedFigures(results, ctx),
    userId: printer.userId,
  });
  return {
    fileName: `${results.company.name}-${ctx.round.name}-${SUMMARY_TITLE}.${format}`,
    doc: summaryReportDoc(results, ctx, seal.code),
    writeXlsx: (out) => writeSummaryBook(out, summarySheet(results, ctx), seal.code),
  };
}
