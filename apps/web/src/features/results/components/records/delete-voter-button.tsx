import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { canEdit, useRole } from '@/api/me';

export interface DeleteVoterButtonProps {
  voter: string;
  voteTypeName: string | null;
  onConfirm: () => void;
  disabled?: boolean;
}

/**
 * 删除投票人: the confirmation says what goes (the whole submission, not one row) and that it is final.
 * Not shown to an auditor (read only).
 */
export function DeleteVoterButton({ voter, voteTypeName, onConfirm, disabled }: DeleteVoterButtonProps) {
  if (!canEdit(useRole())) return null;
  return (
    <Popconfirm
      title="删除该投票人的全部答卷？"
      description={
        <div style={{ maxWidth: 280 }}>
          将删除投票人 {voter.length > 16 ? `${voter.slice(0, 16)}…` : voter} 在“
          {voteTypeName ?? '该投票类型'}
          ”中提交的全部答卷，各项统计随之更新。此操作不可恢复，需要验证高级模式。
        </div>
      }
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      // The advanced-mode prompt opens after the confirmation has closed, not on top of it.
      onConfirm={() => onConfirm()}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={disabled}>
        删除投票人
      </Button>
    </Popconfirm>
  );
}
