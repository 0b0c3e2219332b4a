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
// jsdom keeps each element's computed style until the document changes (any node, attribute or style
// sheet), but answers every call after the first with a copy, resolving each of its properties again: that
// copying was about 40 % of the CPU of an admin test file, for the visibility check of Testing Library's
// role queries and user-event's pointer-events check, which ask again for every ancestor of every
// candidate. Here every call answers as jsdom's first call does, with the style jsdom keeps (read-only),
// so a query sees exactly what it saw before, only without the copies. Should jsdom's internals change,
// the test falls back to jsdom's own call.
type JsdomImpl = {
  _styleCache?: WeakMap<object, { _readonly: boolean } & Record<symbol, CSSStyleDeclaration>>;
};
const jsdomSymbol = (of: object, name: string) =>
  Object.getOwnPropertySymbols(of).find((s) => s.description === name);
const IMPL = jsdomSymbol(document, 'impl');
const WRAPPER = IMPL && jsdomSymbol((document as unknown as Record<symbol, object>)[IMPL]!, 'wrapper');
const keptStyle = (elt: Element): CSSStyleDeclaration | undefined => {
  if (!IMPL || !WRAPPER) return undefined;
  const impl = (elt as unknown as Record<symbol, object | undefined>)[IMPL];
  const docImpl = (elt.ownerDocument as unknown as Record<symbol, JsdomImpl | undefined>)[IMPL];
  const kept = impl && docImpl?._styleCache?.get(impl);
  if (!kept?.[WRAPPER]) return undefined;
  kept._readonly = true;
  return kept[WRAPPER];
};
window.getComputedStyle = (elt: Element, pseudo?: string | null) =>
  (pseudo ? undefined : keptStyle(elt)) ?? originalGetComputedStyle(elt, pseudo ?? undefined);

// antd's CSS-in-JS writes each component's styles into <head> when it mounts and never takes them away;
// the files of a worker share the window, so a file met the thousands of rules every earlier file's
// components left, and jsdom matches each rule for each element whose style is asked (a voter page file
// took 5 times its CPU after an admin file). Each file starts with none: a component writes its styles
// again when it mounts (@ant-design/cssinjs calls updateCSS on every mount), so every file still has the
// styles of the components it renders, and only those, as when it runs alone.
for (const style of document.head.querySelectorAll('style[data-css-hash]')) style.remove();

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
