import { act, configure, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

// The antd admin tree renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const ROW_HEIGHT = 48;

/**
 * jsdom does no layout, so every element measures 0 × 0 and dnd-kit cannot tell rows apart. This
 * gives each table body row a box by its position (48 px apart), the way a browser would lay it out.
 */
export function stubRowLayout() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('tr[data-row-key]');
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    const top = index * ROW_HEIGHT;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 800,
      height: ROW_HEIGHT,
      right: 800,
      bottom: top + ROW_HEIGHT,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));

/** Drags a row with the keyboard, as a user can: Space on the handle, arrow keys, Space to drop. */
export async function keyboardDrag(handle: HTMLElement, moves: ('ArrowUp' | 'ArrowDown')[]) {
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await tick();
  for (const code of moves) {
    fireEvent.keyDown(document, { code, key: code });
    await tick();
  }
  fireEvent.keyDown(document, { code: 'Space', key: ' ' });
  await tick();
}
