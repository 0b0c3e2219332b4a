import { useParams } from 'react-router';
import type { PublicCompanyPolls } from '@kaoping/contracts/public-vote-types';
import { ApiError } from '@/lib/api-client';
import { usePublicGet } from '../lib/use-public-get';
import { LoadingPage, StatusPage } from '../status-page';

const COMPANY_ID = /^[1-9]\d{0,9}$/;

/**
 * /vote/{id}: the voting entry of a company. Ballots are reached only through the organiser's QR code
 * or link (each voter group has its own), so this page names the unit and explains the way in.
 */
export default function VoteCompanyPage() {
  const { id = '' } = useParams();
  const valid = COMPANY_ID.test(id);
  const got = usePublicGet<PublicCompanyPolls>(valid ? `/public/polls/company/${id}` : null);

  if (valid && got.loading) return <LoadingPage />;
  if (!valid || got.error || !got.data) {
    const err = got.error;
    if (valid && !(err instanceof ApiError && err.responded && err.status < 500)) {
      return (
        <StatusPage
          tone="warning"
          title="网络异常，暂时无法打开"
          description="请检查网络连接后重试。"
          action={{ label: '重试', onClick: got.retry }}
        />
      );
    }
    return (
      <StatusPage
        tone="info"
        title="未找到该投票入口"
        description="该单位不存在或投票入口已失效。投票请使用组织方提供的二维码或链接进入。"
        action={{ label: '返回首页', href: '/' }}
      />
    );
  }
  return (
    <StatusPage
      tone="info"
      title={got.data.company.name}
      description="本单位的民主测评与民主评议请通过组织方在会场展示的二维码或发送的投票链接进入，每个投票链接对应一类参评人员。投票全程匿名，不记录姓名、IP 地址或设备信息。"
      action={{ label: '了解投票流程', href: '/' }}
    />
  );
}
