import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  LockOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Input, Space, Tooltip, Typography } from 'antd';
import { move, newOptionText } from './schema-ops';

/** Fewer than two options is not a choice question (the contract refuses it). */
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 50;
const LOCKED_HINT = '已有投票记录，选项已锁定';

export interface OptionsEditorProps {
  options: string[];
  onChange: (next: string[]) => void;
  /** "第 3 题", for the inputs' accessible names. */
  label: string;
  /** The poll has ballots: answers are stored as these texts, so they cannot change. */
  locked?: boolean;
}

/** The option texts of a choice question: edit, add, remove and reorder. */
export function OptionsEditor({ options, onChange, label, locked = false }: OptionsEditorProps) {
  const set = (i: number, text: string) => onChange(options.map((o, j) => (j === i ? text : o)));
  const isDuplicate = (o: string, i: number) =>
    o.trim() !== '' && options.findIndex((x) => x.trim() === o.trim()) !== i;

  return (
    <div className="kp-pe-options">
      {options.map((o, i) => {
        const problem = o.trim() === '' ? '选项内容不能为空' : isDuplicate(o, i) ? '选项重复' : undefined;
        return (
          <div key={i} className="kp-pe-option">
            <span className="kp-pe-option-no" aria-hidden="true">
              {i + 1}.
            </span>
            <Tooltip title={problem} open={problem ? undefined : false}>
              <Input
                value={o}
                maxLength={200}
                disabled={locked}
                status={problem ? 'error' : undefined}
                aria-label={`${label}选项 ${i + 1}`}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => set(i, e.target.value)}
              />
            </Tooltip>
            <Space.Compact>
              <Button
                icon={<ArrowUpOutlined />}
                aria-label={`上移${label}选项 ${i + 1}`}
                disabled={locked || i === 0}
                onClick={() => onChange(move(options, i, i - 1))}
              />
              <Button
                icon={<ArrowDownOutlined />}
                aria-label={`下移${label}选项 ${i + 1}`}
                disabled={locked || i === options.length - 1}
                onClick={() => onChange(move(options, i, i + 1))}
              />
              <Tooltip
                title={
                  locked
                    ? LOCKED_HINT
                    : options.length <= MIN_OPTIONS
                      ? `选择题至少需要 ${MIN_OPTIONS} 个选项`
                      : undefined
                }
              >
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除${label}选项 ${i + 1}`}
                  disabled={locked || options.length <= MIN_OPTIONS}
                  onClick={() => onChange(options.filter((_, j) => j !== i))}
                />
              </Tooltip>
            </Space.Compact>
          </div>
        );
      })}
      <Button
        type="dashed"
        size="small"
        icon={<PlusOutlined />}
        disabled={locked || options.length >= MAX_OPTIONS}
        onClick={() => onChange([...options, newOptionText(options)])}
      >
        添加选项
      </Button>
      {locked && (
        <Typography.Text type="secondary">
          <LockOutlined /> {LOCKED_HINT}
        </Typography.Text>
      )}
    </div>
  );
}
