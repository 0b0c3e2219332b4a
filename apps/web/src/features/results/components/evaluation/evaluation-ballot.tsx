import type { CadreAnswers } from '@kaoping/contracts/answers';
import { parseFormSchema } from '@kaoping/contracts/poll';
import type { PollForm, SubjectRef } from '@kaoping/contracts/records';
import { Alert } from 'antd';
import { CadreForm } from '@/public/ballot/cadre-form';
import { NewlyPromotedForm } from '@/public/ballot/newly-promoted-form';

/** Stored answers as the forms read them: strings, and lists for multiple choice. */
function cadreAnswers(raw: Record<string, unknown>): CadreAnswers {
  const out: CadreAnswers = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === 'string');
  }
  return out;
}

const textAnswers = (raw: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));

export interface EvaluationBallotProps {
  poll: PollForm | null | undefined;
  answers: Record<string, unknown>;
  /** The subjects the answers name, in the server's (display) order. */
  subjects: readonly SubjectRef[];
}

/** One stored 民主评议 ballot in the voter's own form, read-only. */
export function EvaluationBallot({ poll, answers, subjects }: EvaluationBallotProps) {
  if (!poll) return <Alert type="warning" showIcon title="该答卷对应的问卷已不存在，无法按原样显示。" />;
  if (poll.target_type === 'cadre') {
    const parsed = parseFormSchema('cadre', poll.form_schema);
    if (!parsed.success) return <Alert type="warning" showIcon title={`问卷内容无法显示：${parsed.error}`} />;
    // Every page's questions on one sheet: the admin reads the whole ballot without paging through it.
    const onePage = {
      ...parsed.data,
      pages: [{ questions: parsed.data.pages.flatMap((p) => p.questions), footer_text: '' }],
    };
    return <CadreForm schema={onePage} value={cadreAnswers(answers)} readOnly />;
  }
  const parsed = parseFormSchema('newly_promoted', poll.form_schema);
  if (!parsed.success) return <Alert type="warning" showIcon title={`问卷内容无法显示：${parsed.error}`} />;
  // Only the subjects this ballot answered, in the order the server lists them.
  const rows = subjects
    .filter((s) => `subject_${s.id}` in answers)
    .map((s, i) => ({ ...s, sort_order: i, is_active: true }));
  return <NewlyPromotedForm schema={parsed.data} subjects={rows} value={textAnswers(answers)} readOnly />;
}
