import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminProviders } from '@/app/admin/admin-providers';

// The admin pages follow the system's "reduce motion" setting: antd's animations are off while it is on.

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** A system setting the test can turn, for the reduced-motion query only. */
function systemMotion(reduced: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduced };
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query === '(prefers-reduced-motion: reduce)' && state.reduced,
    addEventListener: (_: string, l: () => void) => void listeners.add(l),
    removeEventListener: (_: string, l: () => void) => void listeners.delete(l),
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      state.reduced = next;
      for (const l of listeners) l();
    },
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

describe('reduced motion', () => {
  it('keeps antd animations by default', () => {
    systemMotion(false);
    render(
      <AdminProviders>
        <Motion />
      </AdminProviders>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('true');
  });

  it('turns them off where the system asks for reduced motion, and back when the setting changes', () => {
    const system = systemMotion(true);
    render(
      <AdminProviders>
        <Motion />
      </AdminProviders>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('false');
    act(() => system.set(false));
    expect(screen.getByTestId('motion')).toHaveTextContent('true');
    act(() => system.set(true));
    expect(screen.getByTestId('motion')).toHaveTextContent('false');
  });
});
