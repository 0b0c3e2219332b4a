import { PlusOutlined } from '@ant-design/icons';
import type { CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import { Button, Empty, Input } from 'antd';
import { addPage, addQuestion, movePage, removePage, setTitle, updatePage } from './schema-ops';
import { PageEditor } from './page-editor';

export interface CadreSchemaEditorProps {
  schema: CadreFormSchema;
  onChange: (next: CadreFormSchema) => void;
  /** The poll has ballots: questions, their types and options are locked; texts stay editable. */
  locked?: boolean;
}

/**
 * Left pane of the editor for the cadre questionnaire: main title and pages. The page editors show
 * only once the questionnaire has a page (spec screen 4); until then one button adds the first page.
 */
export function CadreSchemaEditor({ schema, onChange, locked = false }: CadreSchemaEditorProps) {
  if (schema.pages.length === 0) {
    return (
      <Empty description="问卷还没有任何页面">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => onChange(addPage(schema))}>
          添加第一页
        </Button>
      </Empty>
    );
  }

  // Questions are numbered across pages, as the voter sees them.
  const firstNumbers = schema.pages.map(
    (_, i) => 1 + schema.pages.slice(0, i).reduce((n, p) => n + p.questions.length, 0),
  );

  return (
    <div className="kp-pe-schema">
      <label className="kp-pe-field">
        <span className="kp-pe-field-label">问卷主标题</span>
        <Input
          value={schema.title}
          maxLength={100}
          showCount
          placeholder="例如：选人用人工作民主评议表"
          status={schema.title.trim() ? undefined : 'warning'}
          aria-label="问卷主标题"
          onChange={(e) => onChange(setTitle(schema, e.target.value))}
        />
      </label>
      {schema.pages.map((page, i) => (
        <PageEditor
          // Pages have no id; the index is their identity (reordering swaps contents, which is fine here).
          key={i}
          page={page}
          pageIndex={i}
          pageCount={schema.pages.length}
          firstNumber={firstNumbers[i] ?? 1}
          locked={locked}
          onChange={(p) => onChange(updatePage(schema, i, () => p))}
          onAddQuestion={(type) => onChange(addQuestion(schema, i, type))}
          onMove={(delta) => onChange(movePage(schema, i, i + delta))}
          onRemove={() => onChange(removePage(schema, i))}
        />
      ))}
      <Button block type="dashed" icon={<PlusOutlined />} onClick={() => onChange(addPage(schema))}>
        添加页面
      </Button>
    </div>
  );
}
