import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import type { NewlyPromotedSubject } from '@/public/ballot/newly-promoted-form-model';

/** Rows shown in the preview while the company has no active subject yet. */
export const SAMPLE_SUBJECTS: NewlyPromotedSubject[] = [
  {
    id: -1,
    name: '张某某',
    birth_date: '1985.03',
    previous_position: '综合办公室副主任（2019.06）',
    current_position: '综合办公室主任（2024.03）',
  },
  {
    id: -2,
    name: '李某某',
    birth_date: '1988.11',
    previous_position: '财务部业务主管（2020.01）',
    current_position: '财务部副部长（2024.05）',
  },
  {
    id: -3,
    name: '王某某',
    birth_date: '1990.07',
    previous_position: '',
    current_position: '党群工作部副部长（2024.09）',
  },
];

/** The real active subjects when there are any, else the samples; the note says which. */
export function previewSubjects(subjects: EvaluationSubject[] | undefined): {
  rows: NewlyPromotedSubject[];
  note: string;
} {
  const active = (subjects ?? []).filter((s) => s.is_active);
  if (active.length > 0)
    return { rows: active, note: `预览显示本单位已启用的 ${active.length} 名评议对象。` };
  return {
    rows: SAMPLE_SUBJECTS,
    note: subjects
      ? '本单位尚无启用的评议对象，预览使用示例人员；请在“评议对象管理”中添加。'
      : '预览使用示例人员。',
  };
}
