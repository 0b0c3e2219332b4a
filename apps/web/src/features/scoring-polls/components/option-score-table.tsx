import { DeleteOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { REVERSE_SCORE_MAX, REVERSE_SCORE_MIN, SCORE_STEP } from '@kaoping/contracts/scoring-schema';
import { Button, Grid, Input, InputNumber, Table, Tooltip, Typography } from 'antd';
import { newOption, type DraftOption, type OptionGroup } from '../lib/scoring-draft';
import { scoreProblem } from '../lib/scoring-validation';

const LOCKED_HINT = '已有投票记录，选项名称和分值已锁定';

/** Options per group stay within what the server accepts (at most 20). */
const MAX_OPTIONS = 20;

export interface OptionScoreTableProps {
  group: OptionGroup;
  /** Names the group in labels and hints: '总体评价', '分项评价', '反向测评'. */
  groupLabel: string;
  options: DraftOption[];
  /** Fewest options the group may keep (2 for choices, 1 for reverse while it has items). */
  minCount: number;
  /** The poll has ballots: names, scores and the number of options cannot change (the server refuses). */
  locked?: boolean;
  onChange: (next: DraftOption[]) => void;
}

/** Option names and scores of one group (step 0.1; reverse scores -100..0, checked, never clamped silently). */
export function OptionScoreTable({
  group,
  groupLabel,
  options,
  minCount,
  locked = false,
  onChange,
}: OptionScoreTableProps) {
  const patch = (index: number, change: Partial<DraftOption>) =>
    onChange(options.map((o, i) => (i === index ? { ...o, ...change } : o)));
  const reverse = group === 'reverse';
  const canRemove = !locked && options.length > minCount;
  // Phones: narrower score and action columns leave the option name room to be read.
  const narrow = !(Grid.useBreakpoint().sm ?? true);
  return (
    <Table<DraftOption>
      size="small"
      rowKey={(o) => o.value}
      pagination={false}
      dataSource={options}
      locale={{ emptyText: '暂无选项' }}
      columns={[
        {
          title: '选项名称',
          render: (_v, o, i) => (
            <Input
              value={o.label}
              maxLength={50}
              placeholder="如：好"
              disabled={locked}
              status={o.label.trim() ? undefined : 'error'}
              aria-label={`${groupLabel}选项 ${i + 1} 名称`}
              onChange={(e) => patch(i, { label: e.target.value })}
            />
          ),
        },
        {
          title: reverse ? `分值（${REVERSE_SCORE_MIN} ~ ${REVERSE_SCORE_MAX}）` : '分值',
          width: narrow ? 112 : 170,
          render: (_v, o, i) => {
            const problem = scoreProblem(o.score, group);
            return (
              <>
                <InputNumber<number>
                  value={Number.isFinite(o.score) ? o.score : null}
                  step={SCORE_STEP}
                  disabled={locked}
                  status={problem ? 'error' : undefined}
                  aria-label={`${groupLabel}选项 ${i + 1} 分值`}
                  aria-invalid={problem ? true : undefined}
                  style={{ width: '100%' }}
                  onChange={(v) => patch(i, { score: v ?? Number.NaN })}
                />
                {problem && (
                  <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} role="alert">
                    {problem}
                  </Typography.Text>
                )}
              </>
            );
          },
        },
        {
          title: narrow ? '' : '操作',
          width: narrow ? 44 : 76,
          render: (_v, o, i) => (
            <Tooltip title={locked ? LOCKED_HINT : canRemove ? undefined : `至少保留 ${minCount} 个选项`}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={!canRemove}
                aria-label={`删除${groupLabel}选项 ${i + 1}`}
                onClick={() => onChange(options.filter((x) => x !== o))}
              />
            </Tooltip>
          ),
        },
      ]}
      className="kp-scoring-table"
      footer={() =>
        locked ? (
          <Typography.Text type="secondary">
            <LockOutlined /> {LOCKED_HINT}
          </Typography.Text>
        ) : (
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={options.length >= MAX_OPTIONS}
            onClick={() => onChange([...options, newOption(options, group)])}
          >
            添加选项
          </Button>
        )
      }
    />
  );
}
