import type { NewlyPromotedField, NewlyPromotedFormSchema } from '@kaoping/contracts/newly-promoted-schema';
import { Input } from 'antd';

const FIELDS: { key: NewlyPromotedField; label: string; max: number; multiline: boolean }[] = [
  { key: 'title', label: '问卷标题', max: 100, multiline: false },
  { key: 'reason_question', label: '不认同原因的提问', max: 500, multiline: true },
  { key: 'phone_reason_placeholder', label: '投票页的原因提示文字', max: 200, multiline: false },
  { key: 'phone_footer_note', label: '投票页页脚说明', max: 500, multiline: true },
  { key: 'reason_placeholder', label: '纸质表的原因提示文字', max: 200, multiline: false },
  { key: 'footer_note', label: '纸质表页脚说明', max: 500, multiline: true },
];

export interface NewlyPromotedFieldsProps {
  schema: NewlyPromotedFormSchema;
  onChange: (next: NewlyPromotedFormSchema) => void;
}

/** Left pane of the editor for the newly promoted questionnaire: its texts (the voting page's and the paper's). */
export function NewlyPromotedFields({ schema, onChange }: NewlyPromotedFieldsProps) {
  return (
    <div className="kp-pe-schema">
      {FIELDS.map((f) => {
        const props = {
          value: schema[f.key],
          maxLength: f.max,
          'aria-label': f.label,
          onChange: (e: { target: { value: string } }) => onChange({ ...schema, [f.key]: e.target.value }),
        };
        return (
          <label key={f.key} className="kp-pe-field">
            <span className="kp-pe-field-label">{f.label}</span>
            {f.multiline ? (
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} {...props} />
            ) : (
              <Input {...props} />
            )}
          </label>
        );
      })}
    </div>
  );
}
