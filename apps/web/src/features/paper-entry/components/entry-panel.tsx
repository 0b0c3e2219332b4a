import { Typography } from 'antd';
import type { EntryRow } from '../lib/entry-rows';
import { pressKey, startState, type KeyResult } from '../lib/entry-keys';
import { buildBallots, type EntryValues } from '../lib/entry-values';
import { EntryGrid } from './entry-grid';
import { KeyLegend } from './key-legend';
import {
  KeyingActions,
  KeyingCard,
  useSheetEntry,
  type EntryMode as Mode,
  type KeyingProps,
} from './sheet-keying';

export type { StoredLine } from './sheet-keying';
/** New sheets by code or number; or re-keying one sheet already known (更正, or 核对 of a conflict). */
export type EntryMode = Mode<EntryValues>;

export interface EntryPanelProps extends KeyingProps {
  rows: EntryRow[];
}

/** The keyboard entry of a questionnaire's sheet: code, then the grid, then submit. */
export function EntryPanel(props: EntryPanelProps) {
  const { rows, mode, onModeDone } = props;
  const { gridRef, entry, setEntry, hint, setHint, keying } = useSheetEntry(props, startState);

  const onResult = (result: KeyResult) => {
    setHint(result.message);
    if (result.submit) void keying.submit(buildBallots(rows, result.state.values));
  };

  return (
    <KeyingCard what="纸质票" mode={mode} onModeDone={onModeDone}>
      {keying.header}
      <KeyLegend row={rows[entry.cursor.row]} cursor={entry.cursor} />
      <EntryGrid
        ref={gridRef}
        rows={rows}
        state={entry}
        onState={setEntry}
        onResult={onResult}
        onEscape={() => (mode.kind === 'new' ? keying.keyRef.current?.focus() : undefined)}
        disabled={!keying.canKey || keying.submitting}
      />
      {hint && (
        <Typography.Text type="warning" className="kp-pe-hint" role="status">
          {hint}
        </Typography.Text>
      )}
      {keying.failure}
      <KeyingActions
        canKey={keying.canKey}
        submitting={keying.submitting}
        onSubmit={() => {
          const result = pressKey(rows, entry, { key: 'Enter', ctrlKey: true });
          setEntry(result.state);
          onResult(result);
        }}
        onClear={mode.kind === 'new' ? () => keying.reset() : () => setEntry(startState())}
      />
    </KeyingCard>
  );
}
