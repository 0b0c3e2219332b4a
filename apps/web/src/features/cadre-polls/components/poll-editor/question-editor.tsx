import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  CADRE_QUESTION_TYPES,
  isQuestionRequired,
  type CadreQuestion,
  type CadreQuestionType,
} from '@kaoping/contracts/cadre-schema';
import { Button, Input, Popconfirm, Select, Space, Switch, Tooltip } from 'antd';
import { OptionsEditor } from './options-editor';
import { changeType, QUESTION_TYPE_LABELS } from './schema-ops';

export interface QuestionEditorProps {
  question: CadreQuestion;
  /** Number across all pages, as the voter sees it. */
  number: number;
  isFirst: boolean;
  isLast: boolean;
  /** The poll has ballots: type, required flag and options are what those ballots mean. */
  locked: boolean;
  onChange: (next: CadreQuestion) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

const TYPE_OPTIONS = CADRE_QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));

/** One question: type, text, required flag, options or placeholder; move and delete. */
export function QuestionEditor({
  question: q,
  number,
  isFirst,
  isLast,
  locked,
  onChange,
  onMove,
  onRemove,
}: QuestionEditorProps) {
  const label = `第 ${number} 题`;
  return (
    <section className="kp-pe-question" aria-label={label}>
      <div className="kp-pe-question-head">
        <strong className="kp-pe-question-no">{label}</strong>
        <Select<CadreQuestionType>
          size="small"
          value={q.type}
          options={TYPE_OPTIONS}
          aria-label={`${label}题型`}
          style={{ width: 96 }}
          disabled={locked}
          onChange={(t) => onChange(changeType(q, t))}
        />
        <Tooltip title="必答题未作答时，投票人不能进入下一页">
          <label className="kp-pe-required">
            <Switch
              size="small"
              checked={isQuestionRequired(q)}
              aria-label={`${label}必答`}
              disabled={locked}
              onChange={(required) => onChange({ ...q, required })}
            />
            必答
          </label>
        </Tooltip>
        <Space.Compact className="kp-pe-question-actions">
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`上移${label}`}
            disabled={isFirst}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`下移${label}`}
            disabled={isLast}
            onClick={() => onMove(1)}
          />
          <Popconfirm
            title={`删除${label}？`}
            description="删除后保存，投票人将不再看到此题。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={onRemove}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除${label}`}
              disabled={locked}
            />
          </Popconfirm>
        </Space.Compact>
      </div>
      <Input.TextArea
        value={q.text}
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={500}
        placeholder="请输入题目内容"
        status={q.text.trim() ? undefined : 'error'}
        aria-label={`${label}题目内容`}
        onChange={(e) => onChange({ ...q, text: e.target.value })}
      />
      {q.type === 'text_area' ? (
        <label className="kp-pe-field">
          <span className="kp-pe-field-label">输入框提示文字</span>
          <Input
            value={q.placeholder ?? ''}
            maxLength={200}
            placeholder="投票人输入前看到的灰色提示（可不填）"
            aria-label={`${label}提示文字`}
            onChange={(e) => onChange({ ...q, placeholder: e.target.value })}
          />
        </label>
      ) : (
        <OptionsEditor
          label={label}
          options={q.options}
          locked={locked}
          onChange={(options) => onChange({ ...q, options })}
        />
      )}
    </section>
  );
}
