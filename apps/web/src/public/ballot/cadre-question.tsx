import {
  CADRE_TEXT_MAX,
  choose,
  isRequired,
  type CadreAnswers,
  type CadreQuestion,
} from './cadre-form-model';

export interface CadreQuestionProps {
  question: CadreQuestion;
  number: number;
  value: CadreAnswers;
  onChange: (next: CadreAnswers) => void;
  readOnly: boolean;
  /** Set when the voter tried to leave the page without answering this required question. */
  missing: boolean;
  /** Unique per form instance, so two forms on one page never share radio names. */
  idPrefix: string;
}

function Title({ q, number }: { q: CadreQuestion; number: number }) {
  const required = isRequired(q);
  const showMultiHint = q.type === 'multiple_choice' && !q.text.includes('多选');
  return (
    <>
      <span className="kp-cf-q-no">{number}.</span>
      <span>{q.text}</span>
      {showMultiHint && <span className="kp-cf-q-hint">（可多选）</span>}
      {required && (
        <>
          <span className="kp-cf-req" aria-hidden="true">
            *
          </span>
          <span className="kp-visually-hidden">（必答）</span>
        </>
      )}
    </>
  );
}

/** One question: a grid of circle (single) or square (multiple) choices, or a text area. */
export function CadreQuestionField({
  question: q,
  number,
  value,
  onChange,
  readOnly,
  missing,
  idPrefix,
}: CadreQuestionProps) {
  const base = `${idPrefix}-${q.id}`;
  const errorId = `${base}-error`;
  const error = missing ? (
    <p id={errorId} className="kp-cf-q-error" role="alert">
      此题为必答题，请作答
    </p>
  ) : null;
  const cls = `kp-cf-q${missing ? ' kp-cf-q--missing' : ''}`;

  if (q.type === 'text_area') {
    const text = typeof value[q.id] === 'string' ? (value[q.id] as string) : '';
    return (
      <div className={cls} data-question={q.id}>
        <label className="kp-cf-q-title" htmlFor={base}>
          <Title q={q} number={number} />
        </label>
        <textarea
          id={base}
          className="kp-cf-textarea"
          rows={4}
          value={text}
          placeholder={q.placeholder || undefined}
          maxLength={CADRE_TEXT_MAX}
          readOnly={readOnly}
          aria-required={isRequired(q) || undefined}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? errorId : undefined}
          onChange={(e) => onChange({ ...value, [q.id]: e.target.value })}
        />
        {!readOnly && text.length > CADRE_TEXT_MAX * 0.8 && (
          <p className="kp-cf-count">
            {text.length} / {CADRE_TEXT_MAX}
          </p>
        )}
        {error}
      </div>
    );
  }

  const multiple = q.type === 'multiple_choice';
  const chosen = value[q.id];
  const isChosen = (o: string) => (Array.isArray(chosen) ? chosen.includes(o) : chosen === o);
  return (
    <fieldset
      className={cls}
      data-question={q.id}
      aria-invalid={missing || undefined}
      aria-describedby={missing ? errorId : undefined}
    >
      <legend className="kp-cf-q-title">
        <Title q={q} number={number} />
      </legend>
      <div className={`kp-cf-grid${readOnly ? ' kp-cf-grid--readonly' : ''}`}>
        {q.options.map((o, i) => (
          <label key={`${i}-${o}`} className={`kp-cf-opt${isChosen(o) ? ' is-checked' : ''}`}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              className="kp-cf-input"
              name={base}
              value={o}
              checked={isChosen(o)}
              disabled={readOnly}
              onChange={() => onChange(choose(q, value, o))}
            />
            <span
              className={`kp-cf-mark ${multiple ? 'kp-cf-mark--square' : 'kp-cf-mark--circle'}`}
              aria-hidden="true"
            />
            <span className="kp-cf-opt-text">{o}</span>
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
