// The map stays true: every repository path that docs/ARCHITECTURE.md or a decision (docs/decisions/*.md)
// names must exist, the map stays short, and README's links to the docs hold. The rule, also stated at
// the top of docs/ARCHITECTURE.md:
// - a span in backticks is a path when it is made only of ASCII letters, digits and `_ . - / @`, does not
//   start with `/` (an API or screen address) or `../` (outside the repository), and either contains a `/`
//   or ends in a source extension (.ts .tsx .mjs .js .css .json .md .sql .yml .sh);
// - a path with a `/` must exist relative to the repository root or under one of PREFIXES; `@kaoping/
//   contracts/x` is packages/contracts/src/x.ts and `@/x` is apps/web/src/x; other `@scope/…` spans are npm
//   packages and are not checked;
// - a bare file name (no `/`) must exist somewhere in the repository;
// - every relative Markdown link target must exist relative to the file that holds it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOCS = path.join(ROOT, 'docs');
const MAP = path.join(DOCS, 'ARCHITECTURE.md');
const MAX_MAP_LINES = 300;

/** Where a path written short is looked for, after the repository root itself. */
const PREFIXES = [
  'apps/server/src/',
  'apps/server/src/modules/',
  'apps/server/',
  'apps/web/src/',
  'apps/web/',
  'packages/contracts/src/',
  'packages/contracts/',
  'e2e/',
];
const EXTENSIONS = /\.(ts|tsx|mjs|js|css|json|md|sql|yml|sh)$/;
const SKIP_DIRS = new Set(['node_modules', '.git', '.test-results', 'test-results', 'playwright-report']);

function allFileNames(dir: string, out = new Set<string>()): Set<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(e.name) || e.name.startsWith('dist')) continue;
    if (e.isDirectory()) allFileNames(path.join(dir, e.name), out);
    else out.add(e.name);
  }
  return out;
}

/** The backticked spans of a Markdown text that the rule reads as repository paths. */
function pathsIn(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
  return spans.filter(
    (s) =>
      /^[A-Za-z0-9_.@/-]+$/.test(s) &&
      !s.startsWith('/') &&
      !s.startsWith('../') &&
      (s.includes('/') || EXTENSIONS.test(s)),
  );
}

/** Whether a path the docs name exists under the rule above (true for npm packages, not checked). */
function exists(p: string, fileNames: Set<string>): boolean {
  if (p.startsWith('@kaoping/contracts/')) {
    const rest = p.slice('@kaoping/contracts/'.length);
    return ['.ts', '', '/'].some((ext) => existsSync(path.join(ROOT, 'packages/contracts/src', rest + ext)));
  }
  if (p.startsWith('@/')) return existsSync(path.join(ROOT, 'apps/web/src', p.slice(2)));
  if (p.startsWith('@')) return true;
  if (!p.includes('/')) return fileNames.has(p);
  return ['', ...PREFIXES].some((prefix) => existsSync(path.join(ROOT, prefix, p)));
}

const docFiles = () => [
  MAP,
  ...readdirSync(path.join(DOCS, 'decisions'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(DOCS, 'decisions', f)),
];

describe('docs name only paths that exist', () => {
  const fileNames = allFileNames(ROOT);

  it('knows a made-up path from a real one', () => {
    const text = 'See `modules/voting/store-ballot.ts`, `no-such-folder/nothing.ts` and `/api/v1/x`.';
    expect(pathsIn(text)).toEqual(['modules/voting/store-ballot.ts', 'no-such-folder/nothing.ts']);
    expect(pathsIn(text).filter((p) => !exists(p, fileNames))).toEqual(['no-such-folder/nothing.ts']);
    expect(exists('architecture.test.ts', fileNames)).toBe(true);
    expect(exists('no-such-file.ts', fileNames)).toBe(false);
    expect(exists('@kaoping/contracts/common', fileNames)).toBe(true);
  });

  it('finds every path named in docs/ARCHITECTURE.md and docs/decisions/*.md', () => {
    const files = docFiles();
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const p of pathsIn(text)) {
        checked++;
        if (!exists(p, fileNames)) missing.push(`${path.relative(ROOT, file)}: \`${p}\``);
      }
      // Relative Markdown links: [text](target), target relative to the file.
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        if (!existsSync(path.resolve(path.dirname(file), target!)))
          missing.push(`${path.relative(ROOT, file)}: link ${target}`);
      }
    }
    expect(missing).toEqual([]);
    expect(files.length).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(100);
  });

  it(`keeps docs/ARCHITECTURE.md a map: at most ${MAX_MAP_LINES} lines`, () => {
    const lines = readFileSync(MAP, 'utf8').split('\n').length - 1;
    expect(lines).toBeLessThanOrEqual(MAX_MAP_LINES);
  });

  it('lists every decision in the map, and README links to the map and the deployment recipe', () => {
    const map = readFileSync(MAP, 'utf8');
    const unlisted = readdirSync(path.join(DOCS, 'decisions'))
      .filter((f) => /^\d{4}-.+\.md$/.test(f))
      .filter((f) => !map.includes(`decisions/${f}`));
    expect(unlisted).toEqual([]);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const doc of ['docs/ARCHITECTURE.md', 'docs/DEPLOY.md']) {
      expect(readme).toContain(doc);
      expect(existsSync(path.join(ROOT, doc))).toBe(true);
    }
  });
});
