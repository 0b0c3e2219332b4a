import { DeleteOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { canEdit, useRole } from '@/api/me';

export interface DeleteVoterButtonProps {
  /** The ballot's 随机编号. */
  voter: string;
  voteTypeName: string | null;
  /** Called with the reason typed in (kept in the audit log). */
  onConfirm: (reason: string) => void;
  /** Why this admin may not delete here (after 投票结束 only a system admin may): the button says so. */
  blocked?: string;
}

/**
 * 删除投票人: a dialog says what goes (the whole submission, not one row), that it is final and disclosed,
 * and asks for the reason. Not shown to an auditor (read only).
 */
export function DeleteVoterButton({ voter, voteTypeName, onConfirm, blocked }: DeleteVoterButtonProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!canEdit(useRole())) return null;
  const button = (
    <Button
      type="link"
      size="small"
      danger
      icon={<DeleteOutlined />}
      disabled={Boolean(blocked)}
      onClick={() => setOpen(true)}
    >
      删除投票人
    </Button>
  );
  const ready = reason.trim().length >= 2;
  return (
    <>
      {blocked ? (
        // A disabled button sends no pointer events: the tooltip listens on its wrapper.
        <Tooltip title={blocked}>
          <span className="kp-delete-blocked" aria-label={blocked} style={{ display: 'inline-block' }}>
            {button}
          </span>
        </Tooltip>
      ) : (
        button
      )}
      <Modal
        open={open}
        title="删除这张选票的全部答卷？"
        okText="删除"
        okButtonProps={{ danger: true, disabled: !ready }}
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setOpen(false)}
        // The advanced-mode prompt opens after this dialog has closed, not on top of it.
        onOk={() => {
          setOpen(false);
          onConfirm(reason.trim());
          setReason('');
        }}
      >
        <Typography.Paragraph>
          将删除随机编号为 {voter} 的选票在“
          {voteTypeName ?? '该投票类型'}
          ”中的全部答卷，各项统计随之更新。此操作不可恢复，需要验证高级模式；删除的张数将在汇总表和报告中注明，原因记入审计日志。
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="删除原因"
          placeholder="请填写删除原因（必填，如：工作人员误录）"
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
