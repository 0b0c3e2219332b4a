import '@testing-library/jest-dom/vitest';
import { QueryClient } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// This file runs before each test file, in a window the files of a worker share (vitest.config.ts:
// isolate: false): each file starts as in a fresh window, at / with empty storage.
window.history.replaceState(null, '', '/');
sessionStorage.clear();
localStorage.clear();

// antd reads these browser APIs, which jsdom does not have.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
// The window lives on from file to file in a worker (this file runs before each): wrap jsdom's own once.
const JSDOM_GET_COMPUTED_STYLE = Symbol.for('kaoping.test.getComputedStyle');
const win = window as typeof window & { [JSDOM_GET_COMPUTED_STYLE]?: typeof window.getComputedStyle };
const originalGetComputedStyle = (win[JSDOM_GET_COMPUTED_STYLE] ??= window.getComputedStyle);
window.getComputedStyle = (elt: Element, pseudo?: string | null) =>
  originalGetComputedStyle(elt, pseudo ?? undefined);

// The files of a worker share their modules (vitest.config.ts: isolate: false), so the admin providers'
// one QueryClient lives on from file to file: every client a provider mounted forgets its queries after
// each test, and no test meets the answers another test's fetch stand-in gave. This file runs before
// every test file, the QueryClient module only once per worker: its prototype is patched once.
const MOUNTED = Symbol.for('kaoping.test.mountedQueryClients');
const proto = QueryClient.prototype as QueryClient & { [MOUNTED]?: Set<QueryClient> };
if (!proto[MOUNTED]) {
  const clients = new Set<QueryClient>();
  const mount = proto.mount;
  proto.mount = function (this: QueryClient) {
    clients.add(this);
    mount.call(this);
  };
  proto[MOUNTED] = clients;
}
const mounted = proto[MOUNTED];

afterEach(() => {
  cleanup();
  for (const client of mounted) client.clear();
  mounted.clear();
  localStorage.clear();
});
