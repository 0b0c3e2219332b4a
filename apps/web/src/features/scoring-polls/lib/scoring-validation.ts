import { parseFormSchema } from '@kaoping/contracts/poll';
import {
  isScoreStep,
  REVERSE_SCORE_MAX,
  REVERSE_SCORE_MIN,
  SCORE_LIMIT,
} from '@kaoping/contracts/scoring-schema';
import type { OptionGroup, PollDraft } from './scoring-draft';
import type { ScoringKind } from './scoring-kinds';

/** Why one score cell cannot be saved (spec §5), shown beside the cell; undefined when it can. */
export function scoreProblem(score: number | null | undefined, group: OptionGroup): string | undefined {
  if (score === null || score === undefined || !Number.isFinite(score)) return '请输入分值';
  if (group === 'reverse') {
    if (score < REVERSE_SCORE_MIN) return `反向测评分值不能小于 ${REVERSE_SCORE_MIN}`;
    if (score > REVERSE_SCORE_MAX) return `反向测评分值不能大于 ${REVERSE_SCORE_MAX}`;
  } else if (Math.abs(score) > SCORE_LIMIT) return `分值须在 -${SCORE_LIMIT} 到 ${SCORE_LIMIT} 之间`;
  if (!isScoreStep(score)) return '分值必须是 0.1 的整数倍';
  return undefined;
}

/**
 * The first reason the draft cannot be saved, checked with the same schema the server uses, so a
 * refused save needs no round trip; undefined when it can be sent.
 */
export function draftProblem(kind: ScoringKind, draft: PollDraft): string | undefined {
  if (!draft.title.trim()) return '问卷标题不能为空';
  const parsed = parseFormSchema(kind, draft.schema);
  return parsed.success ? undefined : parsed.error;
}
