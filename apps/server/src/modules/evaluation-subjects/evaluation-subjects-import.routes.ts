import {
  evaluationSubjectCreateBody,
  type EvaluationSubjectCreateBody,
} from '@kaoping/contracts/evaluation-subject';
import { SUBJECT_IMPORT_COLUMNS } from '@kaoping/contracts/roster-import';
import { rosterImportRoutes } from '../shared/roster-import.routes';
import { createEvaluationSubject } from './evaluation-subjects.service';

/** /evaluation-subjects/import-template.xlsx and /import: 姓名, 出生年月, 原任职务, 现任职务. */
export default rosterImportRoutes<EvaluationSubjectCreateBody>({
  tag: 'evaluation-subjects',
  label: '评议对象',
  columns: SUBJECT_IMPORT_COLUMNS,
  examples: [['李四', '1985.03', '财务部副经理（2019.06）', '财务部经理（2023.01）']],
  parse: ([name, birth, previous, current], companyId) => {
    const parsed = evaluationSubjectCreateBody.safeParse({
      company_id: companyId,
      name,
      birth_date: birth,
      previous_position: previous,
      current_position: current,
    });
    return parsed.success ? { body: parsed.data } : { reason: parsed.error.issues[0]!.message };
  },
  create: createEvaluationSubject,
});
