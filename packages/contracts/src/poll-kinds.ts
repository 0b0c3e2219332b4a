// The poll kinds and their Chinese names, with no zod import, so that any screen (the voter pages too) can
// name a kind without loading the schema library.
import type { CadreFormSchema } from './cadre-schema';
import type { NewlyPromotedFormSchema } from './newly-promoted-schema';
import type { ScoringFormSchema } from './scoring-schema';

/** Poll kinds; one poll of each kind per company at most. */
export const POLL_TARGET_TYPES = ['company', 'person', 'cadre', 'newly_promoted'] as const;
export type PollTargetType = (typeof POLL_TARGET_TYPES)[number];

/**
 * The one table of the kinds' Chinese names, for messages, screens and exports:
 * - `poll`: the questionnaire ('该单位已有领导班子民主测评问卷，不能重复创建');
 * - `short`: a target's type, an export's column or sheet ('领导班子', '选人用人工作'); the team is
 *   领导班子 everywhere, 单位 is the unit (company) itself;
 * - `assessed`: who or what is assessed, as the 汇总表 and the meeting screen title a section;
 * - `assessment`: what the voters do with it, as the results and records screens name it.
 */
export const POLL_KIND_LABELS = {
  company: {
    poll: '领导班子民主测评问卷',
    short: '领导班子',
    assessed: '领导班子',
    assessment: '领导班子民主测评',
  },
  person: { poll: '个人民主测评问卷', short: '个人', assessed: '领导人员', assessment: '领导人员民主测评' },
  cadre: {
    poll: '选人用人工作问卷',
    short: '选人用人工作',
    assessed: '选人用人工作',
    assessment: '选人用人工作评议',
  },
  newly_promoted: {
    poll: '新提拔任用干部问卷',
    short: '新提拔任用干部',
    assessed: '新提拔干部',
    assessment: '新提拔干部评议',
  },
} as const satisfies Record<
  PollTargetType,
  { poll: string; short: string; assessed: string; assessment: string }
>;

/** The form_schema of each kind once checked, defaults filled in (what parseFormSchema gives). */
export interface FormSchemas {
  company: ScoringFormSchema;
  person: ScoringFormSchema;
  cadre: CadreFormSchema;
  newly_promoted: NewlyPromotedFormSchema;
}
export type FormSchemaOf<K extends PollTargetType> = FormSchemas[K];
