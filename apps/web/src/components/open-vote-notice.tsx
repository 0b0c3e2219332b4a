import { FIGURES_AFTER_CLOSE } from '@kaoping/contracts/constants';
import { Alert } from 'antd';

/** Where figures would be while the vote types that have ballots are still open: there are ballots, no figures. */
export const OPEN_EMPTY_TITLE = '暂无可查看的结果';

export interface OpenVoteNoticeProps {
  /** The vote types still open (投票中, formal) that the figures below leave out. */
  names: readonly string[];
  /** What is left out of this screen, e.g. '选票记录' or '得分和统计'. */
  what: string;
}

/**
 * Where a screen's figures of an open vote type would be (decision 0041): admins read counts only until
 * 结束投票. Nothing when every vote type has ended.
 */
export function OpenVoteNotice({ names, what }: OpenVoteNoticeProps) {
  if (names.length === 0) return null;
  return (
    <div data-testid="open-vote-notice" style={{ marginBottom: 16 }}>
      <Alert
        type="info"
        showIcon
        title={FIGURES_AFTER_CLOSE}
        description={`${names.map((n) => `“${n}”`).join('、')}投票进行中：其${what}在结束投票后显示，现在只显示收回数。`}
      />
    </div>
  );
}
