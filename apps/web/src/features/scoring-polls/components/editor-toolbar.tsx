import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tag } from 'antd';

export interface EditorToolbarProps {
  /** undefined while the poll is not loaded (no status to show). */
  dirty?: boolean;
  saving?: boolean;
  onSave: () => void;
  onRevert?: () => void;
}

/** Save bar that stays in view at the top while the editor scrolls. */
export function EditorToolbar({ dirty, saving = false, onSave, onRevert }: EditorToolbarProps) {
  return (
    <div className="kp-scoring-toolbar">
      {dirty === true && <Tag color="warning">有未保存的修改</Tag>}
      {dirty === false && <Tag color="success">所有修改已保存</Tag>}
      <div className="kp-scoring-toolbar-actions">
        {onRevert && (
          <Popconfirm
            title="撤销全部未保存的修改？"
            okText="撤销"
            cancelText="取消"
            disabled={!dirty}
            onConfirm={onRevert}
          >
            <Button icon={<UndoOutlined />} disabled={!dirty}>
              撤销修改
            </Button>
          </Popconfirm>
        )}
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
          保存
        </Button>
      </div>
    </div>
  );
}
