import { describe, expect, it } from 'vitest';
import { buildRows } from '@/features/paper-entry/lib/entry-rows';
import { pressKey, startState, type EntryState } from '@/features/paper-entry/lib/entry-keys';
import { buildBallots, scoringOf } from '@/features/paper-entry/lib/entry-values';
import { keyFromInput } from '@/features/paper-entry/lib/sheet-key';
import { appraisalForm } from './paper-fixtures';

const rows = buildRows(appraisalForm(1));
const press = (state: EntryState, keys: string[]) =>
  keys.reduce((s, key) => pressKey(rows, s, { key }).state, state);

describe('paper entry keys', () => {
  it('takes the code out of a scanned QR address, and a typed code as it is', () => {
    // Sheets print the code after '#' (issue 26); sheets printed before say ?code=.
    expect(keyFromInput('https://kp.example.cn/vote/type/abc#code=K7QXM3PD9R')).toBe('K7QXM3PD9R');
    expect(keyFromInput('https://kp.example.cn/vote/type/abc?code=K7QX-M3PD-9R')).toBe('K7QX-M3PD-9R');
    expect(keyFromInput('  k7qx-m3pd-9r ')).toBe('k7qx-m3pd-9r');
    expect(keyFromInput('17')).toBe('17');
  });

  it('Backspace clears the cell, then steps back and clears the one before', () => {
    let s = press(startState(), ['1', '2', '3']);
    expect(s.cursor).toEqual({ row: 0, cell: 3 });
    s = press(s, ['Backspace']);
    expect(s.cursor).toEqual({ row: 0, cell: 2 });
    expect(scoringOf(s.values, rows[0]!).items).toEqual({ political_quality: 'fairly_good' });
    s = press(s, ['4']);
    expect(scoringOf(s.values, rows[0]!).items).toEqual({
      political_quality: 'fairly_good',
      business_performance: 'poor',
    });
  });

  it('refuses a digit with no option and says which keys work', () => {
    const result = pressKey(rows, startState(), { key: '7' });
    expect(result.message).toBe('没有第 7 项，请按 1-4');
    expect(result.state.values).toEqual({});
  });

  it('Ctrl+Enter jumps to the first missing answer instead of submitting a half-entered sheet', () => {
    const result = pressKey(rows, press(startState(), ['1', '1']), { key: 'Enter', ctrlKey: true });
    expect(result.submit).toBeUndefined();
    expect(result.state.cursor).toEqual({ row: 0, cell: 2 });
    expect(result.message).toContain('经营业绩');
  });

  it('a complete sheet submits, the reverse marks only as marked', () => {
    let s = startState();
    s = press(s, [...'1111111', '4', '4', 'Enter']);
    for (let r = 1; r < rows.length; r += 1) s = press(s, [...'111111', 'Enter']);
    const last = pressKey(rows, press(s, ['ArrowUp', 'ArrowDown']), { key: 'Enter', ctrlKey: true });
    expect(last.submit).toBe(true);
    expect(buildBallots(rows, last.state.values)[0]!.answers.reverse).toEqual({});
  });
});
