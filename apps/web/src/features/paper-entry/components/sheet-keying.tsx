import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Space, type InputRef } from 'antd';
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';
import type { PaperForm, PaperSheet, PaperSheetCheck } from '@kaoping/contracts/paper-ballots';
import { errorDetail } from '@/lib/api-client';
import { checkSheet, enterSheet, rekeySheet } from '../api/paper-sheets';
import { isTalk, keyFromInput, sheetName } from '../lib/sheet-key';
import type { GridHandle } from './keyboard-grid';
import { refusalOf, SheetKeyField } from './sheet-key-field';

/** New sheets by code or number; or re-keying one sheet already known (更正, or 核对 of a conflict). */
export type EntryMode<Start = unknown> =
  { kind: 'new' } | { kind: 'correct' | 'settle'; key: string; label: string; start?: Start };

export interface StoredLine {
  text: string;
  warn: boolean;
}

/** What a keying panel gets from the page, whatever the family. */
export interface KeyingProps {
  form: PaperForm;
  mode: EntryMode;
  /** The correction or settlement is done or given up: back to new sheets. */
  onModeDone: () => void;
  /** A sheet was stored (201 or 200). */
  onStored: (sheet: PaperSheet, isNew: boolean) => void;
  /** The line saying what became of the last sheet stored (kept by the page across modes). */
  done?: StoredLine;
  onDone: (line: StoredLine | undefined) => void;
}

function storedLine(form: PaperForm, sheet: PaperSheet, mode: EntryMode): string {
  const name = sheetName(form, sheet);
  if (sheet.state === 'pending') return `${name} 已录入，待第二人录入`;
  if (sheet.state === 'conflict') return `${name} 两次录入不一致，需由第三人核对`;
  if (mode.kind === 'correct') return `${name} 已更正并计票`;
  if (mode.kind === 'settle') return `${name} 已核对并计票`;
  return `${name} 已计票`;
}

/**
 * The keying of one sheet around its answers: the code (or number) checked first, then the answers,
 * then submit; the focus back on the code after. `focusAnswers` puts the focus in the answers, `clear`
 * empties them.
 */
export function useSheetKeying(
  { form, mode, onModeDone, onStored, done, onDone }: KeyingProps,
  focusAnswers: () => void,
  clear: () => void,
) {
  const codes = form.access_mode === 'codes';
  const talk = isTalk(form);
  const keyRef = useRef<InputRef>(null);
  const [keyText, setKeyText] = useState('');
  const [checking, setChecking] = useState(false);
  const [keyError, setKeyError] = useState<string>();
  const [sheet, setSheet] = useState<PaperSheetCheck>();
  const [submitError, setSubmitError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const canKey = form.ready && (mode.kind !== 'new' || sheet !== undefined);

  // Mounted anew for each mode (the page keys it): the code field, or the answers of a sheet to re-key.
  useEffect(() => {
    setTimeout(() => (mode.kind === 'new' ? keyRef.current?.focus() : focusAnswers()));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode]);

  const check = async () => {
    const key = keyFromInput(keyText);
    onDone(undefined);
    if (!key) {
      setKeyError(codes ? '请输入测评码' : talk ? '请输入谈话序号' : '请输入编号');
      return;
    }
    setChecking(true);
    try {
      const found = await checkSheet(form.vote_type_id, key);
      if (found.can_enter) {
        setKeyError(undefined);
        setSheet(found);
        setTimeout(focusAnswers);
      } else {
        setKeyError(
          talk && found.state === 'counted' ? `谈话序号 ${found.key} 已录入并计票` : refusalOf(found),
        );
        keyRef.current?.select();
      }
    } catch (err) {
      setKeyError(errorDetail(err, '核对失败，请重试'));
      keyRef.current?.select();
    } finally {
      setChecking(false);
    }
  };

  /** Back to an empty sheet; a talk's next 谈话序号 offered after one is stored. */
  const reset = (next = '') => {
    clear();
    setSheet(undefined);
    setKeyText(next);
    setKeyError(undefined);
    setSubmitError(undefined);
    setTimeout(() => {
      keyRef.current?.focus();
      if (next) keyRef.current?.select();
    });
  };

  const submit = async (ballots: SubmissionBody['ballots']) => {
    if (submitting) return;
    setSubmitting(true);
    setSubmitError(undefined);
    try {
      const saved =
        mode.kind === 'new'
          ? await enterSheet(form.vote_type_id, sheet!.key, ballots)
          : await rekeySheet(form.vote_type_id, mode.key, ballots);
      onDone({ text: storedLine(form, saved, mode), warn: saved.state === 'conflict' });
      onStored(saved, mode.kind === 'new');
      const n = Number(saved.key);
      reset(talk && mode.kind === 'new' && Number.isInteger(n) ? String(n + 1) : '');
      if (mode.kind !== 'new') onModeDone();
    } catch (err) {
      // The server's own words: the same messages an online voter would get.
      setSubmitError(errorDetail(err, '提交失败，请重试'));
    } finally {
      setSubmitting(false);
    }
  };

  /** The code field (new sheets), or what re-keying a known sheet means; and the last sheet's line. */
  const header = (
    <>
      {mode.kind === 'new' ? (
        <SheetKeyField
          ref={keyRef}
          codes={codes}
          talk={talk}
          value={keyText}
          onChange={(v) => {
            setKeyText(v);
            setSheet(undefined);
            setKeyError(undefined);
          }}
          onCheck={() => void check()}
          checking={checking}
          error={keyError}
          sheet={sheet && { ...sheet, label: sheetName(form, sheet) }}
          disabled={!form.ready}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            mode.kind === 'correct'
              ? talk
                ? '请对照谈话记录重新录入，提交后替换原来计入的记录'
                : '请对照纸质票重新录入整张选票，提交后替换原来计入的选票'
              : '请对照纸质票录入正确的答案，提交后计入结果'
          }
        />
      )}
      {done && (
        <Alert
          type={done.warn ? 'warning' : 'success'}
          showIcon
          className="kp-pe-done"
          title={done.text}
          role="status"
        />
      )}
    </>
  );

  return {
    keyRef,
    canKey,
    submitting,
    submit,
    reset,
    header,
    /** The server's refusal of the last submit. */
    failure: submitError && (
      <Alert
        type="error"
        showIcon
        className="kp-pe-error"
        title="未保存"
        description={submitError}
        role="alert"
      />
    ),
  };
}

/** 提交 and 清空重录 under the answers. */
export function KeyingActions({
  canKey,
  submitting,
  onSubmit,
  onClear,
}: {
  canKey: boolean;
  submitting: boolean;
  onSubmit: () => void;
  onClear: () => void;
}) {
  return (
    <Space className="kp-pe-actions" wrap>
      <Button type="primary" loading={submitting} disabled={!canKey} onClick={onSubmit}>
        提交（Ctrl+Enter）
      </Button>
      <Button disabled={submitting} onClick={onClear}>
        清空重录
      </Button>
    </Space>
  );
}

/**
 * A keying panel's answers (started from the sheet being re-keyed, if any), its hint line and its keying,
 * as each family's panel starts them: `start` is the family's empty (or given) answers.
 */
export function useSheetEntry<S, V>(props: KeyingProps, start: (values?: V) => S) {
  const gridRef = useRef<GridHandle>(null);
  const [entry, setEntry] = useState<S>(() =>
    start(props.mode.kind === 'new' ? undefined : (props.mode.start as V | undefined)),
  );
  const [hint, setHint] = useState<string>();
  const keying = useSheetKeying(
    props,
    () => gridRef.current?.focus(),
    () => {
      setEntry(start());
      setHint(undefined);
    },
  );
  return { gridRef, entry, setEntry, hint, setHint, keying };
}

/** The card of a keying panel: 录入<what> for new sheets, or 更正 / 核对 of one sheet with its way back. */
export function KeyingCard({
  what,
  mode,
  onModeDone,
  children,
}: {
  what: string;
  mode: EntryMode;
  onModeDone: () => void;
  children: ReactNode;
}) {
  const again = mode.kind === 'correct' ? '更正' : '核对';
  return (
    <Card
      size="small"
      className="kp-pe-card"
      title={mode.kind === 'new' ? `录入${what}` : `${again}：${mode.label}`}
      extra={
        mode.kind !== 'new' && (
          <Button size="small" onClick={onModeDone}>
            取消{again}
          </Button>
        )
      }
    >
      {children}
    </Card>
  );
}
