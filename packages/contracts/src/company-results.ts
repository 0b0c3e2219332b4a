// Shapes of GET /companies/{id}/results (results/company-results.routes.ts): one company's figures of
// either family, and their exports.
import { z } from 'zod';
import { evaluationResults, threshold } from './cadre-results';
import { appraisalResults } from './target-results';
import { formCategory } from './vote-type';

export const companyResultsQuery = z.object({
  form_category: formCategory.default('democratic_appraisal'),
  threshold: threshold.optional(),
});
export const companyResults = z.discriminatedUnion('form_category', [appraisalResults, evaluationResults]);
