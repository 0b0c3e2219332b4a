import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CopyOutlined } from '@ant-design/icons';
import { COVER_KIND_LABELS, type CoverKind } from '@kaoping/contracts/cover';
import { App, Button, Popconfirm, Typography } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { applyCoverToAll } from '../api/covers';

/** How many names the confirmation lists before it says "等 N 个". */
const LISTED = 6;

export interface ApplyToAllButtonProps {
  companyId: number;
  voteTypeId: number;
  kind: CoverKind;
  /** The unit's other vote types: the ones that will get this cover. */
  others: { id: number; name: string }[];
  disabled?: boolean;
}

/** Copies this vote type's cover to every other vote type of the unit, after saying which ones. */
export function ApplyToAllButton({ companyId, voteTypeId, kind, others, disabled }: ApplyToAllButtonProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const label = COVER_KIND_LABELS[kind];
  if (others.length === 0) return null;

  const names = others.slice(0, LISTED).map((v) => `“${v.name}”`);
  const list = others.length > LISTED ? `${names.join('、')} 等 ${others.length} 个` : names.join('、');

  const apply = async () => {
    setBusy(true);
    try {
      const { count } = await applyCoverToAll(companyId, voteTypeId, kind);
      await qc.invalidateQueries({ queryKey: ['covers', companyId] });
      message.success(`已将${label}应用到 ${count} 个投票类型`);
    } catch (err) {
      message.error(errorDetail(err, `应用${label}失败，请重试`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popconfirm
      title={`将此${label}应用到本单位其余 ${others.length} 个投票类型？`}
      description={
        <Typography.Paragraph style={{ maxWidth: 320, marginBottom: 0 }}>
          {list}将使用此{label}，它们现有的{label}会被替换。
        </Typography.Paragraph>
      }
      okText="全部应用"
      cancelText="取消"
      onConfirm={apply}
    >
      <Button icon={<CopyOutlined />} loading={busy} disabled={disabled}>
        应用到全部投票类型
      </Button>
    </Popconfirm>
  );
}
