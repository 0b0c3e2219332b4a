import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Space, Typography, type InputRef } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { checkSheet, enterSheet, rekeySheet } from '../api/paper-sheets';
import type { EntryRow } from '../lib/entry-rows';
import { pressKey, startState, type EntryState, type KeyResult } from '../lib/entry-keys';
import { buildBallots, type EntryValues } from '../lib/entry-values';
import type { PaperForm, PaperSheet, PaperSheetCheck } from '@kaoping/contracts/paper-ballots';
import { keyFromInput } from '../lib/sheet-key';
import { EntryGrid, type EntryGridHandle } from './entry-grid';
import { KeyLegend } from './key-legend';
import { refusalOf, SheetKeyField } from './sheet-key-field';

/** New sheets by code or number; or re-keying one sheet already known (更正, or 核对 of a conflict). */
export type EntryMode =
  { kind: 'new' } | { kind: 'correct' | 'settle'; key: string; label: string; start?: EntryValues };

export interface EntryPanelProps {
  form: PaperForm;
  rows: EntryRow[];
  mode: EntryMode;
  /** The correction or settlement is done or given up: back to new sheets. */
  onModeDone: () => void;
  /** A sheet was stored (201 or 200). */
  onStored: (sheet: PaperSheet, isNew: boolean) => void;
  /** The line saying what became of the last sheet stored (kept by the page across modes). */
  done?: StoredLine;
  onDone: (line: StoredLine | undefined) => void;
}

export interface StoredLine {
  text: string;
  warn: boolean;
}

function storedLine(sheet: PaperSheet, mode: EntryMode): string {
  if (sheet.state === 'pending') return `${sheet.label} 已录入，待第二人录入`;
  if (sheet.state === 'conflict') return `${sheet.label} 两次录入不一致，需由第三人核对`;
  if (mode.kind === 'correct') return `${sheet.label} 已更正并计票`;
  if (mode.kind === 'settle') return `${sheet.label} 已核对并计票`;
  return `${sheet.label} 已计票`;
}

/** The keyboard entry of one sheet: code, then the grid, then submit; focus back on the code after. */
export function EntryPanel({ form, rows, mode, onModeDone, onStored, done, onDone }: EntryPanelProps) {
  const codes = form.access_mode === 'codes';
  const keyRef = useRef<InputRef>(null);
  const gridRef = useRef<EntryGridHandle>(null);
  const [keyText, setKeyText] = useState('');
  const [checking, setChecking] = useState(false);
  const [keyError, setKeyError] = useState<string>();
  const [sheet, setSheet] = useState<PaperSheetCheck>();
  const [entry, setEntry] = useState<EntryState>(() => startState(mode.kind === 'new' ? {} : mode.start));
  const [hint, setHint] = useState<string>();
  const [submitError, setSubmitError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const canKey = form.ready && (mode.kind !== 'new' || sheet !== undefined);

  // Mounted anew for each mode (the page keys it): the code field, or the grid of a sheet to re-key.
  useEffect(() => {
    setTimeout(() => (mode.kind === 'new' ? keyRef.current?.focus() : gridRef.current?.focus()));
  }, [mode]);

  const check = async () => {
    const key = keyFromInput(keyText);
    onDone(undefined);
    if (!key) {
      setKeyError(codes ? '请输入测评码' : '请输入编号');
      return;
    }
    setChecking(true);
    try {
      const found = await checkSheet(form.vote_type_id, key);
      if (found.can_enter) {
        setKeyError(undefined);
        setSheet(found);
        setTimeout(() => gridRef.current?.focus());
      } else {
        setKeyError(refusalOf(found));
        keyRef.current?.select();
      }
    } catch (err) {
      setKeyError(errorDetail(err, '核对失败，请重试'));
      keyRef.current?.select();
    } finally {
      setChecking(false);
    }
  };

  const reset = () => {
    setEntry(startState());
    setSheet(undefined);
    setKeyText('');
    setKeyError(undefined);
    setHint(undefined);
    setSubmitError(undefined);
    setTimeout(() => keyRef.current?.focus());
  };

  const submit = async () => {
    if (submitting) return;
    setSubmitting(true);
    setSubmitError(undefined);
    const ballots = buildBallots(rows, entry.values);
    try {
      const saved =
        mode.kind === 'new'
          ? await enterSheet(form.vote_type_id, sheet!.key, ballots)
          : await rekeySheet(form.vote_type_id, mode.key, ballots);
      onDone({ text: storedLine(saved, mode), warn: saved.state === 'conflict' });
      onStored(saved, mode.kind === 'new');
      reset();
      if (mode.kind !== 'new') onModeDone();
    } catch (err) {
      // The server's own words: the same messages an online voter would get.
      setSubmitError(errorDetail(err, '提交失败，请重试'));
    } finally {
      setSubmitting(false);
    }
  };

  const onResult = (result: KeyResult) => {
    setHint(result.message);
    if (result.submit) void submit();
  };

  const title =
    mode.kind === 'new' ? '录入纸质票' : `${mode.kind === 'correct' ? '更正' : '核对'}：${mode.label}`;
  return (
    <Card
      size="small"
      className="kp-pe-card"
      title={title}
      extra={
        mode.kind !== 'new' && (
          <Button size="small" onClick={onModeDone}>
            取消{mode.kind === 'correct' ? '更正' : '核对'}
          </Button>
        )
      }
    >
      {mode.kind === 'new' ? (
        <SheetKeyField
          ref={keyRef}
          codes={codes}
          value={keyText}
          onChange={(v) => {
            setKeyText(v);
            setSheet(undefined);
            setKeyError(undefined);
          }}
          onCheck={() => void check()}
          checking={checking}
          error={keyError}
          sheet={sheet}
          disabled={!form.ready}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            mode.kind === 'correct'
              ? '请对照纸质票重新录入整张选票，提交后替换原来计入的选票'
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
      <KeyLegend row={rows[entry.cursor.row]} cursor={entry.cursor} />
      <EntryGrid
        ref={gridRef}
        rows={rows}
        state={entry}
        onState={setEntry}
        onResult={onResult}
        onEscape={() => (mode.kind === 'new' ? keyRef.current?.focus() : undefined)}
        disabled={!canKey || submitting}
      />
      {hint && (
        <Typography.Text type="warning" className="kp-pe-hint" role="status">
          {hint}
        </Typography.Text>
      )}
      {submitError && (
        <Alert
          type="error"
          showIcon
          className="kp-pe-error"
          title="未保存"
          description={submitError}
          role="alert"
        />
      )}
      <Space className="kp-pe-actions" wrap>
        <Button
          type="primary"
          loading={submitting}
          disabled={!canKey}
          onClick={() => {
            const result = pressKey(rows, entry, { key: 'Enter', ctrlKey: true });
            setEntry(result.state);
            onResult(result);
          }}
        >
          提交（Ctrl+Enter）
        </Button>
        <Button disabled={submitting} onClick={mode.kind === 'new' ? reset : () => setEntry(startState())}>
          清空重录
        </Button>
      </Space>
    </Card>
  );
}
