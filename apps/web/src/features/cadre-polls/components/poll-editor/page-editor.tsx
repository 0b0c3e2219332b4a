import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CADRE_QUESTION_TYPES, type CadrePage, type CadreQuestion } from '@kaoping/contracts/cadre-schema';
import { Button, Card, Empty, Input, Popconfirm, Space } from 'antd';
import { move, QUESTION_TYPE_LABELS } from './schema-ops';
import { QuestionEditor } from './question-editor';

export interface PageEditorProps {
  page: CadrePage;
  pageIndex: number;
  pageCount: number;
  /** Number of the page's first question across the whole questionnaire. */
  firstNumber: number;
  /** The poll has ballots: no question may be added or removed. */
  locked: boolean;
  onChange: (next: CadrePage) => void;
  onAddQuestion: (type: CadreQuestion['type']) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/** One page: its questions, the add-question buttons and the footer text; move and delete. */
export function PageEditor({
  page,
  pageIndex,
  pageCount,
  firstNumber,
  locked,
  onChange,
  onAddQuestion,
  onMove,
  onRemove,
}: PageEditorProps) {
  const label = `第 ${pageIndex + 1} 页`;
  const setQuestions = (questions: CadreQuestion[]) => onChange({ ...page, questions });
  return (
    <Card
      size="small"
      className="kp-pe-page"
      title={label}
      aria-label={label}
      role="region"
      extra={
        <Space.Compact>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`上移${label}`}
            disabled={pageIndex === 0}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`下移${label}`}
            disabled={pageIndex === pageCount - 1}
            onClick={() => onMove(1)}
          />
          <Popconfirm
            title={`删除${label}？`}
            description={
              page.questions.length > 0 ? `本页的 ${page.questions.length} 道题将一并删除。` : undefined
            }
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
              // An empty page can go; one with questions would take answered questions with it.
              disabled={locked && page.questions.length > 0}
            >
              删除本页
            </Button>
          </Popconfirm>
        </Space.Compact>
      }
    >
      {page.questions.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本页还没有题目" />
      )}
      {page.questions.map((q, i) => (
        <QuestionEditor
          key={q.id}
          question={q}
          number={firstNumber + i}
          isFirst={i === 0}
          isLast={i === page.questions.length - 1}
          locked={locked}
          onChange={(next) => setQuestions(page.questions.map((x, j) => (j === i ? next : x)))}
          onMove={(delta) => setQuestions(move(page.questions, i, i + delta))}
          onRemove={() => setQuestions(page.questions.filter((_, j) => j !== i))}
        />
      ))}
      <div className="kp-pe-add-question">
        {CADRE_QUESTION_TYPES.map((t) => (
          <Button
            key={t}
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            aria-label={`${label}添加${QUESTION_TYPE_LABELS[t]}`}
            disabled={locked}
            onClick={() => onAddQuestion(t)}
          >
            添加{QUESTION_TYPE_LABELS[t]}
          </Button>
        ))}
      </div>
      <label className="kp-pe-field">
        <span className="kp-pe-field-label">页脚文字</span>
        <Input.TextArea
          value={page.footer_text}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={500}
          placeholder="显示在本页底部的说明（可不填）"
          aria-label={`${label}页脚文字`}
          onChange={(e) => onChange({ ...page, footer_text: e.target.value })}
        />
      </label>
    </Card>
  );
}
