import { cadreQuestions } from '@kaoping/contracts/cadre-schema';
import type { PollTargetType } from '@kaoping/contracts/poll-kinds';
import { pollTemplate } from '@kaoping/contracts/templates/by-kind';

export interface TemplateSummary {
  /** The questionnaire's title as the template names it. */
  title: string;
  /** What the questionnaire will hold, one line each. */
  lines: string[];
}

/** What importing a kind's template creates, in the words of the editor that follows. */
export function templateSummary(kind: PollTargetType): TemplateSummary {
  if (kind === 'company' || kind === 'person') {
    const { title, form_schema: s } = pollTemplate(kind);
    const [overall, items] = s.evaluationGroups;
    const names = (options: readonly { label: string }[]) => options.map((o) => o.label).join('、');
    return {
      title,
      lines: [
        `总体评价 ${overall.options.length} 个选项（${names(overall.options)}）`,
        `分项评价 ${items.items.length} 项（${items.items.map((i) => i.name).join('、')}），每项 ${items.options.length} 个选项`,
        `反向测评 ${s.reverseEvaluation.items.length} 题`,
      ],
    };
  }
  if (kind === 'cadre') {
    const { title, form_schema: s } = pollTemplate('cadre');
    const questions = cadreQuestions(s);
    const choices = questions.filter((q) => q.type !== 'text_area').length;
    return {
      title,
      lines: [
        `${s.pages.length} 页，共 ${questions.length} 道题（${choices} 道选择题，${questions.length - choices} 道填写题）`,
      ],
    };
  }
  const { title } = pollTemplate('newly_promoted');
  return {
    title,
    lines: [
      '评议表标题、不认同原因的提问和页脚说明',
      '每位评议对象四种意见：认同、基本认同、不认同、不了解（评议对象在“评议对象管理”中添加）',
    ],
  };
}
