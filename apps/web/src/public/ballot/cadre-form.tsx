import { useId, useRef, useState } from 'react';
import { missingOnPage, questionNumbers, type CadreAnswers, type CadreFormSchema } from './cadre-form-model';
import { CadreQuestionField } from './cadre-question';
import './cadre-form.css';

export interface CadreFormProps {
  schema: CadreFormSchema;
  /** Answers keyed by question id: a string (single choice, text) or a list (multiple choice). */
  value: CadreAnswers;
  onChange?: (next: CadreAnswers) => void;
  /** Preview: nothing can be changed and pages can be browsed without answering. */
  readOnly?: boolean;
  /** When given, the last page shows a finish button that checks that page first, then calls this. */
  onFinish?: () => void;
  finishLabel?: string;
}

/** 选人用人工作 questionnaire (spec screen 5), page by page, for voters and for the admin preview. */
export function CadreForm({
  schema,
  value,
  onChange,
  readOnly = false,
  onFinish,
  finishLabel = '提交',
}: CadreFormProps) {
  const idPrefix = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [missing, setMissing] = useState<string[]>([]);
  const pageCount = schema.pages.length;
  // The admin may delete pages while previewing: stay on the last one that still exists.
  const index = Math.min(pageIndex, Math.max(pageCount - 1, 0));
  const page = schema.pages[index];
  const numbers = questionNumbers(schema);
  const isLast = index >= pageCount - 1;

  const change = (next: CadreAnswers) => {
    if (readOnly || !onChange) return;
    onChange(next);
    // A question leaves the missing list as soon as it is answered.
    if (missing.length > 0) setMissing(missingOnPage(page, next).filter((id) => missing.includes(id)));
  };

  /** Checks the current page; on failure marks and focuses the first unanswered question. */
  const pageComplete = () => {
    if (readOnly) return true;
    const unanswered = missingOnPage(page, value);
    setMissing(unanswered);
    if (unanswered.length === 0) return true;
    const el = [...(rootRef.current?.querySelectorAll<HTMLElement>('[data-question]') ?? [])].find(
      (node) => node.dataset.question === unanswered[0],
    );
    el?.querySelector<HTMLElement>('input, textarea')?.focus();
    el?.scrollIntoView?.({ block: 'center' });
    return false;
  };

  const goTo = (next: number) => {
    setMissing([]);
    setPageIndex(next);
    const top = rootRef.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView?.({ block: 'start' });
  };

  const missingNumbers = missing.map((id) => numbers.get(id)).filter(Boolean);

  return (
    <div className="kp-cf" ref={rootRef}>
      <div className="kp-cf-sheet">
        {index === 0 && <h1 className="kp-cf-title">{schema.title}</h1>}
        {pageCount > 1 && (
          <p className="kp-cf-progress" aria-live="polite">
            第 {index + 1} 页 / 共 {pageCount} 页
          </p>
        )}
        {!page || page.questions.length === 0 ? (
          <p className="kp-cf-empty">{pageCount === 0 ? '问卷暂无内容' : '本页暂无题目'}</p>
        ) : (
          page.questions.map((q) => (
            <CadreQuestionField
              key={q.id}
              question={q}
              number={numbers.get(q.id) ?? 0}
              value={value}
              onChange={change}
              readOnly={readOnly}
              missing={missing.includes(q.id)}
              idPrefix={idPrefix}
            />
          ))
        )}
        {page?.footer_text && <p className="kp-cf-footer">{page.footer_text}</p>}
        {missingNumbers.length > 0 && (
          <p className="kp-cf-alert" role="alert">
            请先回答第 {missingNumbers.join('、')} 题（带 * 号的为必答题）
          </p>
        )}
        {(pageCount > 1 || onFinish) && (
          <nav className="kp-cf-nav" aria-label="翻页">
            {index > 0 && (
              <button type="button" className="kp-btn" onClick={() => goTo(index - 1)}>
                上一页
              </button>
            )}
            {!isLast && (
              <button
                type="button"
                className="kp-btn kp-btn-primary"
                onClick={() => pageComplete() && goTo(index + 1)}
              >
                下一页
              </button>
            )}
            {isLast && onFinish && (
              <button
                type="button"
                className="kp-btn kp-btn-primary"
                disabled={readOnly}
                onClick={() => pageComplete() && onFinish()}
              >
                {finishLabel}
              </button>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}
