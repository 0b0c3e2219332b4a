import type { TargetType } from '@kaoping/contracts/vote-target';

/** The two scored poll kinds this feature edits (those of the targets), and the wording of their pages. */
export type ScoringKind = TargetType;

export interface ScoringKindText {
  pageTitle: string;
  /** Empty state when the company has no poll of this kind (spec §2 screens 1-2). */
  emptyText: string;
  /** Sample target shown in the title preview line and the ballot preview. */
  sampleName: string;
  sampleTitle?: string;
  templateName: string;
  /** Warning while no company is chosen: the spec quotes the person page's wording (§8). */
  noCompany: string;
}

export const SCORING_KIND_TEXT: Record<ScoringKind, ScoringKindText> = {
  company: {
    pageTitle: '班子测评表管理',
    emptyText: '该公司暂无问卷',
    sampleName: '某某单位',
    templateName: '领导班子民主测评表',
    noCompany: '请先在页面顶部选择单位',
  },
  person: {
    pageTitle: '个人测评表管理',
    emptyText: '该公司暂无个人问卷',
    sampleName: '张三同志',
    sampleTitle: '示例职务：党委委员、副总经理',
    templateName: '领导人员民主测评表',
    noCompany: '请先在页面顶部选择公司',
  },
};
