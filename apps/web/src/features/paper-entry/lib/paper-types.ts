// TEMPORARY: the shapes of design-16.md until i16-server (packages/contracts/src/paper-ballots.ts) is merged.
import type {
  BallotEntryInput,
  PublicPoll,
  PublicSubject,
  PublicTarget,
} from '@kaoping/contracts/public-vote-types';

export type PaperSheetState = 'pending' | 'conflict' | 'counted';
export const PAPER_SHEET_STATE_LABELS: Record<PaperSheetState | 'new', string> = {
  new: '未录入',
  pending: '待第二次录入',
  conflict: '两次录入不一致',
  counted: '已计票',
};
export interface PaperCounts {
  paper: number;
  online: number;
  pending: number;
  conflict: number;
}
export interface PaperForm {
  vote_type_id: number;
  name: string;
  company: { id: number; name: string };
  form_category: 'democratic_appraisal' | 'democratic_evaluation';
  access_mode: 'link' | 'codes';
  double_entry: boolean;
  test_mode: boolean;
  state: 'open' | 'not_started' | 'closed' | 'inactive';
  round_archived: boolean;
  ready: boolean;
  notice: string | null;
  polls: PublicPoll[];
  targets: PublicTarget[];
  subjects: PublicSubject[];
  counts: PaperCounts;
}
export interface PaperSheetCheck {
  key: string;
  label: string;
  state: 'new' | PaperSheetState;
  can_enter: boolean;
  detail?: string;
}
export interface PaperSheetSummary {
  id: number;
  key: string;
  label: string;
  state: PaperSheetState;
  entered_at: string;
  entries: 1 | 2;
}
export interface PaperSheetList {
  items: PaperSheetSummary[];
  total: number;
  counts: PaperCounts;
}
export interface PaperSheet extends PaperSheetSummary {
  first: BallotEntryInput[];
  second: BallotEntryInput[] | null;
  counted: BallotEntryInput[] | null;
  entered_by_me: boolean;
  counts: PaperCounts;
}
export const MAX_PAPER_COPIES = 500;
