import type { VoteType } from '@kaoping/contracts/vote-type';
import { Typography } from 'antd';
import { getCodeCounts } from '@/api/ballot-codes';
import { getTurnout } from '@/api/turnout';

export interface CloseFacts {
  /** 收回数: formal ballots. */
  received: number;
  /** Test ballots, not counted. */
  testReceived: number;
  /** 发出数: codes handed out (codes mode) or expected voters (link mode); null when unknown. */
  issued: number | null;
  /** codes mode: unused codes, voided by the close. */
  unused: number | null;
}

/** The figures the close confirmation states; null when they cannot be read now (the close still works). */
export async function readCloseFacts(row: VoteType, companyId: number): Promise<CloseFacts | null> {
  try {
    const [turnout, codes] = await Promise.all([
      getTurnout(companyId, row.form_category),
      row.access_mode === 'codes' ? getCodeCounts(row.id) : Promise.resolve(null),
    ]);
    const mine = turnout.vote_types.find((t) => t.vote_type_id === row.id);
    return {
      received: mine?.received ?? 0,
      testReceived: mine?.test_received ?? 0,
      issued: mine?.issued ?? (codes ? codes.handed_out : row.expected_voters),
      unused: codes ? codes.unused : null,
    };
  } catch {
    return null;
  }
}

export function closeConfirmContent(row: VoteType, facts: CloseFacts | null) {
  const codes = row.access_mode === 'codes';
  return (
    <div data-testid="close-confirm">
      {facts ? (
        <ul style={{ paddingLeft: 20, margin: '8px 0' }}>
          <li>
            发出数：{facts.issued ?? '未设置'}
            {codes ? ' 个测评码' : facts.issued !== null ? ' 人（应到人数）' : ''}
          </li>
          <li>收回数：{facts.received} 张选票</li>
          {facts.testReceived > 0 && <li>试投票：{facts.testReceived} 张（不计入结果）</li>}
          {codes && <li>未使用：{facts.unused} 个测评码</li>}
        </ul>
      ) : (
        <Typography.Paragraph type="warning">暂时无法读取票数。</Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        结束后立即停止接受投票
        {codes ? '，未使用的测评码将全部作废（收回），不能再用于投票' : ''}。如需重新开放，需要进入高级模式。
      </Typography.Paragraph>
    </div>
  );
}
