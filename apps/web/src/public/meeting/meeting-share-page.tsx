import { useParams } from 'react-router';
import { MEETING_LINK_GONE } from '@kaoping/contracts/constants';
import { StatusPage } from '../status-page';
import { MeetingBoard } from './meeting-board';
import { useMeetingBoard } from './use-meeting-board';

/** /meeting/{token}: the meeting screen for a projector PC that is not signed in. */
export default function MeetingSharePage() {
  const { token = '' } = useParams();
  const state = useMeetingBoard(token);
  if (state.kind === 'loading')
    return (
      <main className="kp-mt" aria-busy="true">
        <p className="kp-mt-empty">正在连接…</p>
      </main>
    );
  if (state.kind === 'gone')
    return (
      <StatusPage tone="warning" title={MEETING_LINK_GONE} description="请向会议组织者索取新的大屏链接。" />
    );
  if (state.kind === 'error')
    return (
      <StatusPage
        tone="error"
        title="无法连接服务器"
        description="请检查网络，页面会自动重试。"
        action={{ label: '刷新', onClick: () => window.location.reload() }}
      />
    );
  return <MeetingBoard board={state.board} live={state.live} />;
}
