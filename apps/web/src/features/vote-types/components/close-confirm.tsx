import type { VoteType } from '@kaoping/contracts/vote-type';
import { Alert, Typography } from 'antd';
import { getCodeCounts } from '@/api/ballot-codes';
import { getPaperCounts } from '@/api/paper-ballots';
import { getTurnout } from '@/api/turnout';

export interface CloseFacts {
  /** 收回数: formal ballots. */
  received: number;
  /** Of them, paper sheets keyed. */
  paper: number;
  /** Test ballots, not counted. */
  testReceived: number;
  /** 发出数: codes handed out (codes mode) or expected voters (link mode); null when unknown. */
  issued: number | null;
  /** codes mode: unused phone codes, voided by 结束投票. */
  unusedPhone: number | null;
  /**
   * Printed paper sheets not keyed yet (valid until 完成计票, voided then): codes mode their codes, link mode
   * the numbers of its print runs.
   */
  unkeyedPaper: number | null;
  /** Sheets keyed once (double entry) or in conflict: 完成计票 is refused while any waits. */
  waiting: number;
}

/** The figures the close and finish confirmations state; null when they cannot be read now. */
export async function readCloseFacts(row: VoteType, companyId: number): Promise<CloseFacts | null> {
  try {
    const [turnout, codes, paper] = await Promise.all([
      getTurnout(companyId, row.form_category),
      row.access_mode === 'codes' ? getCodeCounts(row.id) : Promise.resolve(null),
      getPaperCounts(row.id),
    ]);
    const mine = turnout.vote_types.find((t) => t.vote_type_id === row.id);
    return {
      received: mine?.received ?? 0,
      paper: mine?.paper ?? 0,
      testReceived: mine?.test_received ?? 0,
      issued: mine?.issued ?? (codes ? codes.handed_out : row.expected_voters),
      unusedPhone: codes ? codes.unused - codes.paper_unused : null,
      unkeyedPaper: codes ? codes.paper_unused : paper.unkeyed,
      waiting: paper.pending + paper.conflict,
    };
  } catch {
    return null;
  }
}

function Figures({ row, facts }: { row: VoteType; facts: CloseFacts }) {
  const codes = row.access_mode === 'codes';
  return (
    <ul style={{ paddingLeft: 20, margin: '8px 0' }}>
      <li>
        发出数：{facts.issued ?? '未设置'}
        {codes ? ' 个测评码' : facts.issued !== null ? ' 人（应到人数）' : ''}
      </li>
      <li>
        收回数：{facts.received} 张选票{facts.paper > 0 ? `（其中纸质 ${facts.paper} 张）` : ''}
      </li>
      {facts.testReceived > 0 && <li>试投票：{facts.testReceived} 张（不计入结果）</li>}
    </ul>
  );
}

const unreadable = <Typography.Paragraph type="warning">暂时无法读取票数。</Typography.Paragraph>;

/** 结束投票: the phones stop; the printed paper is still keyed until 完成计票. */
export function closeConfirmContent(row: VoteType, facts: CloseFacts | null) {
  const codes = row.access_mode === 'codes';
  return (
    <div data-testid="close-confirm">
      {facts ? <Figures row={row} facts={facts} /> : unreadable}
      {facts && (codes || (facts.unkeyedPaper ?? 0) > 0) && (
        <ul style={{ paddingLeft: 20, margin: '0 0 8px' }}>
          {codes && <li>未使用的手机测评码：{facts.unusedPhone} 个（将作废）</li>}
          {(facts.unkeyedPaper ?? 0) > 0 && <li>{facts.unkeyedPaper} 张纸质票尚未录入（仍可录入）</li>}
        </ul>
      )}
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        结束后手机端立即停止接受投票
        {codes ? '，未使用的手机测评码作废（收回）' : ''}
        。已发出的纸质票仍可继续录入和核对，全部录入后请点击“完成计票”。如需重新开放，需要进入高级模式。
      </Typography.Paragraph>
    </div>
  );
}

/** 完成计票: what is voided, what still waits (the server refuses then), and that the figures are final. */
export function finishConfirmContent(row: VoteType, facts: CloseFacts | null) {
  return (
    <div data-testid="finish-confirm">
      {facts ? <Figures row={row} facts={facts} /> : unreadable}
      {facts && facts.waiting > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          title={`还有 ${facts.waiting} 张纸质票未完成双人录入核对，请先在“录入纸质票”中处理，否则不能完成计票。`}
        />
      )}
      {facts && (facts.unkeyedPaper ?? 0) > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={`${facts.unkeyedPaper} 张纸质票未录入，将作废`}
          description={
            row.access_mode === 'codes'
              ? '完成计票后这些纸质票的测评码作废，不能再录入。如仍有纸质票在手，请先录入。'
              : '完成计票后这些编号的纸质票不能再录入。如仍有纸质票在手，请先录入。'
          }
        />
      )}
      {facts && row.access_mode === 'link' && (
        <Typography.Paragraph type="secondary">
          公开链接方式的纸质票按打印时印上的编号录入：完成计票后不能再录入。
        </Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        完成计票后结果即为最终结果，汇总表和报告不再标注“计票未完成”。如需更正，需要进入高级模式重新开放（退回“投票结束”）。
      </Typography.Paragraph>
    </div>
  );
}
