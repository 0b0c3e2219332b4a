// Admin API of one-time ballot codes: /api/v1/admin/vote-types/{id}/codes… (issue 12, DESIGN.md "Meeting day").
import { z } from 'zod';
import { MAX_INT, pagingQuery } from './common';
import { MAX_CODES_PER_ISSUE } from './ballot-codes';

const int = z.number().int();
/** A batch number in a query string (batches are numbered from 1 per vote type, an integer column). */
const batchNumber = z.coerce
  .number({ error: '批次必须是数字' })
  .int({ error: '批次必须是正整数' })
  .min(1, { error: '批次必须是正整数' })
  .max(MAX_INT, { error: '批次超出范围' });
/** A state as listed: 'issued' (已发放) is what a code not voided shows while the vote is open. */
const codeState = z.enum(['unused', 'used', 'voided', 'issued'], {
  error: '状态只能是 unused、used、voided 或 issued',
});

/** POST …/codes: issue (or later reissue, 补发) N new codes as one batch. */
export const issueCodesBody = z.strictObject({
  count: z
    .number({ error: '数量必须是数字' })
    .int({ error: '数量必须是整数' })
    .min(1, { error: '数量至少为 1' })
    .max(MAX_CODES_PER_ISSUE, { error: `一次最多发放 ${MAX_CODES_PER_ISSUE} 个测评码` }),
});
export type IssueCodesBody = z.infer<typeof issueCodesBody>;
export const issuedCodes = z.object({
  batch: int,
  /** Grouped for reading (K7QX-M3PD-9R). */
  codes: z.array(z.string()),
});
export type IssuedCodes = z.infer<typeof issuedCodes>;

/** How many codes a vote type has in each state; never which ballot any code cast. */
export const codeCounts = z.object({
  /** Every code ever issued. */
  issued: int,
  used: int,
  voided: int,
  unused: int,
  /** Voided when the vote closed (handed out but not used); part of `voided`. */
  recalled: int,
  /** Codes used while the vote type was in test mode (voided at go-formal); part of `voided`. */
  used_in_test: int,
  /** 发出数: codes that count as handed out (used + unused + recalled). */
  handed_out: int,
  batches: int,
  /** Codes printed on paper ballots (part of `issued`): they stay valid after 结束投票 until 完成计票. */
  paper_issued: int,
  /** Printed paper sheets not keyed yet: 完成计票 voids them ('N 张纸质票未录入，将作废'). */
  paper_unused: int,
});
export type CodeCounts = z.infer<typeof codeCounts>;

export const codeListQuery = pagingQuery.extend({
  /** The state as listed (see codeList): while open, 'issued' or 'voided'; otherwise the others. */
  state: codeState.optional(),
  batch: batchNumber.optional(),
});
export type CodeListQuery = z.infer<typeof codeListQuery>;
export const codeItem = z.object({ code: z.string(), state: codeState, batch: int });
export type CodeItem = z.infer<typeof codeItem>;
/**
 * A page of codes, ordered by the code itself: random, unrelated to the issue and to the use. While the
 * vote is open (投票中, formal) no code is listed as used or unused: each one not voided is 'issued'
 * (已发放), so the list does not change with a ballot, and `used_listed` is false; how many are used is
 * in the counts only. Otherwise (after 结束投票, and in 试投票) each code is listed with its state
 * (decision 0041).
 */
export const codeList = codeCounts.extend({ items: z.array(codeItem), total: int, used_listed: z.boolean() });
export type CodeList = z.infer<typeof codeList>;

/** POST …/codes/void: the listed unused codes, or every unused one. */
export const voidCodesBody = z.union(
  [
    z.strictObject({
      codes: z
        .array(z.string().min(1).max(40), { error: '测评码列表必须是数组' })
        .min(1, { error: '请选择要作废的测评码' })
        .max(MAX_CODES_PER_ISSUE, { error: `一次最多作废 ${MAX_CODES_PER_ISSUE} 个测评码` }),
    }),
    z.strictObject({ all_unused: z.literal(true, { error: 'all_unused 只能是 true' }) }),
  ],
  { error: '请提供要作废的测评码（codes）或 all_unused: true' },
);
export type VoidCodesBody = z.infer<typeof voidCodesBody>;
export const voidedCodes = z.object({ voided: int });

/**
 * GET …/codes.pdf, optionally of one batch: the codes as issued (every one not voided, used or not) while
 * the vote is open and formal, so the file does not change with a ballot; otherwise the unused ones.
 */
export const codesPdfQuery = z.object({ batch: batchNumber.optional() });
