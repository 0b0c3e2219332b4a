import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Grid, Input, Table } from 'antd';

/** Rows kept by the server per list (item and reverse questions). */
const MAX_ROWS = 100;

export interface TextRow {
  id: string;
  text: string;
}

export interface ItemTextTableProps {
  rows: TextRow[];
  /** Column head and input label: '题目名称' or '题目描述'. */
  column: string;
  /** Names the rows in labels: '评价项目', '反向测评题目'. */
  rowLabel: string;
  maxLength: number;
  placeholder: string;
  addLabel: string;
  emptyText: string;
  /** A row added just now: its input takes the focus. */
  focusId?: string;
  /** The poll has ballots: rows can be reworded but not added or removed. */
  locked?: boolean;
  onText: (id: string, text: string) => void;
  onDelete: (id: string) => void;
  onAdd: () => void;
}

/** Editable list of question texts with delete per row and an add button. */
export function ItemTextTable(props: ItemTextTableProps) {
  const { rows, column, rowLabel, maxLength, placeholder, addLabel, emptyText, focusId } = props;
  // Phones: the delete button shows only its icon so the text keeps most of the row.
  const narrow = !(Grid.useBreakpoint().sm ?? true);
  return (
    <Table<TextRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText }}
      columns={[
        {
          title: narrow ? '#' : '序号',
          width: narrow ? 36 : 60,
          align: 'center',
          render: (_v, _r, i) => i + 1,
        },
        {
          title: column,
          render: (_v, r, i) => (
            <Input
              value={r.text}
              maxLength={maxLength}
              placeholder={placeholder}
              autoFocus={r.id === focusId}
              status={r.text.trim() ? undefined : 'error'}
              aria-label={`${rowLabel} ${i + 1} ${column}`}
              onChange={(e) => props.onText(r.id, e.target.value)}
            />
          ),
        },
        {
          title: narrow ? '' : '操作',
          width: narrow ? 44 : 90,
          render: (_v, r, i) => (
            <Button
              type="link"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除${rowLabel} ${i + 1}`}
              disabled={props.locked}
              title={props.locked ? '已有投票记录，不能删除题目' : undefined}
              onClick={() => props.onDelete(r.id)}
              style={{ paddingInline: 0 }}
            >
              {narrow ? null : '删除'}
            </Button>
          ),
        },
      ]}
      className="kp-scoring-table"
      footer={() => (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          disabled={props.locked || rows.length >= MAX_ROWS}
          onClick={props.onAdd}
        >
          {addLabel}
        </Button>
      )}
    />
  );
}
