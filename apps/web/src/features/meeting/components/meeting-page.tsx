import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FullscreenOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { MeetingBoard } from '@/public/meeting/meeting-board';
import { errorDetail } from '@/lib/api-client';
import { useMeetingBoard } from '../api/meeting';
import { ShareLinkModal } from './share-link-modal';
import { SummarySwitch } from './summary-switch';

/** /admin/meeting/{companyId}: the meeting screen of a unit, full screen, for the signed-in organiser. */
export default function MeetingPage() {
  const companyId = Number(useParams().companyId);
  const board = useMeetingBoard(companyId);
  const [sharing, setSharing] = useState(false);

  if (!Number.isInteger(companyId) || companyId < 1)
    return (
      <Result status="404" title="单位不存在" extra={<Link to="/admin/vote-types">返回投票类型管理</Link>} />
    );
  if (board.isLoading)
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" description="正在加载大屏…">
          <div style={{ width: 200 }} />
        </Spin>
      </div>
    );
  if (!board.data)
    return (
      <Result
        status="error"
        title="加载大屏失败"
        subTitle={errorDetail(board.error, '请稍后重试')}
        extra={[
          <Button key="retry" type="primary" onClick={() => void board.refetch()}>
            重试
          </Button>,
          <Link key="back" to={`/admin/vote-types?company=${companyId}`}>
            返回投票类型管理
          </Link>,
        ]}
      />
    );
  // The organiser's tools sit in the board's footer (never over a figure) and fade out until the pointer moves.
  const tools = (
    <>
      <SummarySwitch companyId={companyId} board={board.data} />
      <Button
        size="small"
        icon={<FullscreenOutlined />}
        onClick={() =>
          document.fullscreenElement
            ? void document.exitFullscreen?.()
            : void document.documentElement.requestFullscreen?.()
        }
      >
        全屏
      </Button>
      <Button size="small" icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
        分享链接
      </Button>
      <Link to={`/admin/vote-types?company=${companyId}`}>返回后台</Link>
    </>
  );
  return (
    <>
      <MeetingBoard board={board.data} live={!board.isError} tools={tools} />
      <ShareLinkModal companyId={companyId} open={sharing} onClose={() => setSharing(false)} />
    </>
  );
}
