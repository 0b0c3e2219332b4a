// Shapes of GET /companies/{id}/results (results/company-results.routes.ts): one company's figures of
// either family, and their exports.
import { z } from 'zod';
import { idSchema } from './common';
import { evaluationResults, threshold } from './cadre-results';
import { appraisalResults } from './target-results';
import { pollFamily } from './vote-type';

/** The xlsx and csv exports of one company's results. */
export const companyExportQuery = z.object({
  form_category: pollFamily.default('democratic_appraisal'),
  /** An archived round of the unit (测评批次); absent = the current round. */
  round_id: idSchema.optional(),
});
/** The figures: the exports' filter and the 新提拔 flag threshold. */
export const companyResultsQuery = companyExportQuery.extend({ threshold: threshold.optional() });
export const companyResults = z.discriminatedUnion('form_category', [appraisalResults, evaluationResults]);
