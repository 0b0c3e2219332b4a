import { useId } from 'react';
import {
  OPINION_CHOICES,
  REASON_MAX,
  subjectKey,
  visibleSubjects,
  type NewlyPromotedFormSchema,
  type NewlyPromotedSubject,
  type NewlyPromotedValue,
} from './newly-promoted-form-model';
import { NewlyPromotedSubjectRow } from './newly-promoted-subject-row';
import './newly-promoted-form.css';

export interface NewlyPromotedFormProps {
  schema: NewlyPromotedFormSchema;
  /** Every subject of the company; inactive ones are left out and the rest sorted by sort_order. */
  subjects: readonly NewlyPromotedSubject[];
  /** `subject_{id}` → 认同 / 基本认同 / 不认同 / 不了解, and `reason`. */
  value: NewlyPromotedValue;
  onChange?: (next: NewlyPromotedValue) => void;
  /** Preview: nothing can be changed. */
  readOnly?: boolean;
  /** Subject ids to mark as unanswered (the voting page sets them after a failed submit). */
  missingSubjectIds?: readonly number[];
}

/** 新提拔任用干部民主评议表 (spec screen 6): a table on wide screens, one card per subject on phones. */
export function NewlyPromotedForm({
  schema,
  subjects,
  value,
  onChange,
  readOnly = false,
  missingSubjectIds = [],
}: NewlyPromotedFormProps) {
  const idPrefix = useId();
  const rows = visibleSubjects(subjects);
  const set = (key: string, v: string) => {
    if (!readOnly) onChange?.({ ...value, [key]: v });
  };
  const reasonId = `${idPrefix}-reason`;

  return (
    <div className="kp-np">
      <div className="kp-np-sheet">
        <h1 className="kp-np-title">{schema.title}</h1>
        <table className="kp-np-table">
          <caption className="kp-visually-hidden">评议对象及评议意见</caption>
          <thead>
            <tr>
              <th rowSpan={2} scope="col" className="kp-np-col-no">
                序号
              </th>
              <th rowSpan={2} scope="col">
                姓名
              </th>
              <th rowSpan={2} scope="col">
                出生年月
              </th>
              <th rowSpan={2} scope="col">
                原任职务
              </th>
              <th rowSpan={2} scope="col">
                现任职务
              </th>
              <th colSpan={OPINION_CHOICES.length} scope="colgroup">
                评议意见
              </th>
            </tr>
            <tr>
              {OPINION_CHOICES.map((o) => (
                <th key={o} scope="col" className="kp-np-col-opinion">
                  {o}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="kp-np-empty-row">
                <td colSpan={5 + OPINION_CHOICES.length} className="kp-np-empty">
                  暂无评议对象
                </td>
              </tr>
            ) : (
              rows.map((s, i) => (
                <NewlyPromotedSubjectRow
                  key={s.id}
                  subject={s}
                  index={i}
                  name={`${idPrefix}-${subjectKey(s.id)}`}
                  chosen={value[subjectKey(s.id)]}
                  onChoose={(o) => set(subjectKey(s.id), o)}
                  readOnly={readOnly}
                  missing={missingSubjectIds.includes(s.id)}
                />
              ))
            )}
          </tbody>
        </table>
        <div className="kp-np-reason">
          <label htmlFor={reasonId} className="kp-np-reason-label">
            {schema.reason_question}
          </label>
          <textarea
            id={reasonId}
            className="kp-np-textarea"
            rows={4}
            value={value.reason ?? ''}
            placeholder={schema.phone_reason_placeholder || undefined}
            maxLength={REASON_MAX}
            readOnly={readOnly}
            onChange={(e) => set('reason', e.target.value)}
          />
        </div>
        {/* The questionnaire's paper texts (circle an option, write on the back) are for the printed form. */}
        {schema.phone_footer_note && <p className="kp-np-footer">{schema.phone_footer_note}</p>}
      </div>
    </div>
  );
}
