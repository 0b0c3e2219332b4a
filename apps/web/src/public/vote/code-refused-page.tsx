import type { PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import { StatusPage } from '../status-page';
import { receiptPath } from './receipt-view';

export interface CodeRefusedPageProps {
  view: PublicVoteTypeView;
  state: 'used' | 'voided';
  /** The receipt this device kept from its last ballot on this link, if any. */
  receiptId: string | null;
  onOtherCode: () => void;
}

/** A one-time code that cannot vote any more: used (a ballot was cast with it) or voided by the organiser. */
export function CodeRefusedPage({ view, state, receiptId, onOtherCode }: CodeRefusedPageProps) {
  const used = state === 'used';
  return (
    <StatusPage
      tone={used ? 'info' : 'error'}
      title={used ? '该测评码已使用' : '该测评码已作废'}
      description={
        used
          ? '每个测评码只能投票一次，这个测评码已经投过票了。如果不是您本人使用的，请联系组织方。'
          : '这个测评码已被组织方作废，不能用于投票。如有疑问请联系组织方。'
      }
      action={{ label: '输入其他测评码', onClick: onOtherCode }}
    >
      <p className="kp-vote-status-where">
        {view.company.name} · {view.vote_type.name}
      </p>
      {used && receiptId && (
        <p className="kp-status-desc">
          <a href={receiptPath(receiptId)}>查看本设备最近一次提交的投票回执</a>
        </p>
      )}
    </StatusPage>
  );
}
