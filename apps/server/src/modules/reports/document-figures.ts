// 报告核验 reads a sealed document's figures again through this, handed to report-check when it is mounted.
import type { FormCategory } from '@kaoping/contracts/vote-type';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import type { FiguresOf } from '../report-check/report-check.service';
import { prepareXlsx } from '../results/export.service';
import { recommendationFigures } from '../recommendation-docs/recommendation-docs.service';
import { buildUnitSummary } from '../summary/summary.service';
import { prepareReport } from './report.service';
import { summarySheets } from './report-xlsx';
import { reportFigures, workbookFigures } from './sealed-figures';

/** The figures of a sealed document as the system holds them now (404 when the unit or round is gone). */
export const documentFigures: FiguresOf = async (db: Db, kind, sealed) => {
  if (!('companyId' in sealed)) throw fail('REPORT_CODE_UNKNOWN');
  const { companyId, roundId } = sealed;
  if (kind === 'report_pdf' || kind === 'report_docx')
    return reportFigures((await prepareReport(db, companyId, roundId)).doc);
  if (kind.startsWith('recommendation_')) return recommendationFigures(db, companyId, roundId);
  const s = await buildUnitSummary(db, companyId, roundId);
  if (kind === 'summary_print') return s;
  const family: FormCategory = kind === 'appraisal_xlsx' ? 'democratic_appraisal' : 'democratic_evaluation';
  const job = await prepareXlsx(db, companyId, family, s.round.id, summarySheets(s, family));
  return workbookFigures(s, family, job.figures);
};
