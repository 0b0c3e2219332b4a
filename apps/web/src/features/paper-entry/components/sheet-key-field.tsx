import { forwardRef } from 'react';
import { Input, Typography, type InputRef } from 'antd';
import { PAPER_SHEET_STATE_LABELS, type PaperSheetCheck } from '@kaoping/contracts/paper-ballots';

export interface SheetKeyFieldProps {
  codes: boolean;
  /** 谈话调研推荐: the record's 谈话序号, typed by the interviewer. */
  talk?: boolean;
  value: string;
  onChange: (value: string) => void;
  onCheck: () => void;
  checking: boolean;
  error?: string;
  sheet?: PaperSheetCheck;
  disabled?: boolean;
}

/** The sheet's code (codes mode) or number (link mode): Enter checks it before any answer is keyed. */
export const SheetKeyField = forwardRef<InputRef, SheetKeyFieldProps>(function SheetKeyField(
  { codes, talk = false, value, onChange, onCheck, checking, error, sheet, disabled },
  ref,
) {
  const label = codes ? '测评码' : talk ? '谈话序号' : '编号';
  return (
    <div className="kp-pe-key-field">
      <label htmlFor="kp-pe-key" className="kp-pe-key-label">
        {label}
      </label>
      <div className="kp-pe-key-input">
        <Input
          id="kp-pe-key"
          ref={ref}
          size="large"
          autoComplete="off"
          spellCheck={false}
          value={value}
          disabled={disabled}
          status={error ? 'error' : undefined}
          placeholder={
            codes
              ? '输入或扫描选票上的测评码，按 Enter'
              : talk
                ? '输入本次谈话的序号（1、2、3…），按 Enter'
                : '输入选票右上角印的编号，按 Enter'
          }
          inputMode={codes ? 'text' : 'numeric'}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (!checking) onCheck();
          }}
          aria-describedby="kp-pe-key-note"
          aria-invalid={Boolean(error)}
        />
        <div id="kp-pe-key-note" className="kp-pe-key-note-line" role={error ? 'alert' : undefined}>
          {checking && <Typography.Text type="secondary">正在核对…</Typography.Text>}
          {!checking && error && <Typography.Text type="danger">{error}</Typography.Text>}
          {!checking && !error && sheet && (
            <Typography.Text type="success">
              {sheet.label}
              {sheet.state === 'pending' ? '：第二次录入（双人录入核对）' : '：可以录入'}
            </Typography.Text>
          )}
          {!checking && !error && !sheet && (
            <Typography.Text type="secondary">
              {codes
                ? '扫描枪扫描选票上的二维码亦可'
                : talk
                  ? '每次谈话录入一条记录，谈话序号不可重复；录入即计入结果（单人录入）'
                  : '公开链接方式的纸质票，按选票右上角印的编号录入'}
            </Typography.Text>
          )}
        </div>
      </div>
    </div>
  );
});

/** The refusal of a key the server knows but this account may not key now (the server's detail). */
export const refusalOf = (sheet: PaperSheetCheck) =>
  sheet.detail ?? `${sheet.label}：${PAPER_SHEET_STATE_LABELS[sheet.state]}，不能录入`;
