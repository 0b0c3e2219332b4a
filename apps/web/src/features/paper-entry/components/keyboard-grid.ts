import { useEffect, useImperativeHandle, useRef, type ForwardedRef, type KeyboardEvent } from 'react';

/** What a keying panel asks of its grid. */
export interface GridHandle {
  focus: () => void;
}

/**
 * A sheet's grid driven by the keyboard, whatever the family: the grid holds the focus, or the box the
 * cursor is in (a text row, a 另提名 box); when the cursor moves, the focus follows it (only when the grid
 * already had it) and the cell at the cursor is kept in view. A key the family's keys handle changes the
 * state and reports its result (a hint, or submit); Esc goes back to the code field.
 */
export function useKeyboardGrid<S, R extends { handled: boolean; state: S }>(
  ref: ForwardedRef<GridHandle>,
  options: {
    disabled?: boolean;
    onEscape: () => void;
    onState: (state: S) => void;
    onResult: (result: R) => void;
    /** The family's keys, for a key pressed on the grid itself. */
    press: (e: KeyboardEvent) => R;
    /** Whether the cursor is in a box, and that box. */
    inBox: boolean;
    box: () => { focus: () => void } | null | undefined;
    /** The id of the element at the cursor. */
    cursorId: string;
  },
) {
  const { disabled, onEscape, onState, onResult, press, inBox, box, cursorId } = options;
  const gridRef = useRef<HTMLDivElement>(null);

  const focus = () => {
    if (inBox) box()?.focus();
    else gridRef.current?.focus();
  };
  useImperativeHandle(ref, () => ({ focus }));

  useEffect(() => {
    if (gridRef.current?.contains(document.activeElement)) focus();
    document.getElementById(cursorId)?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cursorId, inBox]);

  const apply = (e: KeyboardEvent, result: R) => {
    if (!result.handled) return;
    e.preventDefault();
    e.stopPropagation();
    onState(result.state);
    onResult(result);
  };

  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || e.target !== gridRef.current) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      onEscape();
      return;
    }
    apply(e, press(e));
  };

  return { gridRef, apply, onGridKey };
}
