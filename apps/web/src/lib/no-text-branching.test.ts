import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERRORS } from '@kaoping/contracts/errors';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The web app decides by an error's `code` (contracts/errors.ts), never by its Chinese detail: a reworded
// detail must not change what a page does. This test reads every source file of apps/web/src and fails on a
// branch taken on text: a comparison (=== !== == !=, includes/startsWith/endsWith/match/test/indexOf/
// search/localeCompare, switch/case, a lookup keyed by it) one side of which is a Chinese string literal,
// a `*_DETAILS` constant, or an error's `.detail` / `.message`. Checking a detail's presence (against
// undefined, null or '') and showing it are fine.

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Chinese literals that are ballot data, not an error's text (an option's label, a question's wording):
 * file (under src/) → the literals it may compare with.
 */
const DATA_LITERALS: Record<string, string[]> = {
  'public/ballot/cadre-question.tsx': ['多选'],
  'features/paper-entry/components/evaluation-rows.tsx': ['多选'],
  'features/results/components/evaluation/evaluation-records.tsx': ['不认同'],
  'features/results/components/evaluation/cadre-question-card.tsx': ['不了解'],
};

const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
const TEXT_NAME = /^(detail|message)$|(Detail|Message)$/;
const DETAILS_TABLE = /_DETAILS$/;
const SEARCHES = new Set([
  'includes',
  'startsWith',
  'endsWith',
  'match',
  'matchAll',
  'test',
  'exec',
  'indexOf',
  'lastIndexOf',
  'search',
  'localeCompare',
  'get',
  'has',
]);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

interface Finding {
  line: number;
  text: string;
}

/** The branches on text in one source file (`allowed`: Chinese literals that are data there). */
function textBranches(source: string, fileName = 'sample.tsx', allowed: string[] = []): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];

  const bare = (node: ts.Expression): ts.Expression => {
    let n = node;
    while (
      ts.isParenthesizedExpression(n) ||
      ts.isNonNullExpression(n) ||
      ts.isAsExpression(n) ||
      ts.isSatisfiesExpression(n) ||
      ts.isTypeAssertionExpression(n)
    )
      n = n.expression;
    return n;
  };
  /** A literal (string, template or regular expression) with Chinese in it, unless it is data here. */
  const chinese = (node: ts.Expression): boolean => {
    const n = bare(node);
    let text: string | undefined;
    if (ts.isStringLiteralLike(n) || ts.isRegularExpressionLiteral(n)) text = n.text;
    else if (ts.isTemplateExpression(n))
      text = n.head.text + n.templateSpans.map((s) => s.literal.text).join('');
    return text !== undefined && CJK.test(text) && !allowed.some((a) => text === a || text === `/${a}/`);
  };
  /**
   * An error's text: `x.detail`, `x.message`, `detail`, `serverDetail(err)`, `PUBLIC_VOTE_DETAILS(.y)`, or
   * a list, set or call made of such texts or Chinese literals (`['已结束', …]`, `Object.values(X_DETAILS)`).
   */
  const errorText = (node: ts.Expression): boolean => {
    const n = bare(node);
    if (ts.isIdentifier(n)) return TEXT_NAME.test(n.text) || DETAILS_TABLE.test(n.text);
    if (ts.isArrayLiteralExpression(n)) return n.elements.some(textual);
    if (ts.isNewExpression(n)) return (n.arguments ?? []).some(textual);
    if (ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) {
      const owner = bare(n.expression);
      if (ts.isIdentifier(owner) && DETAILS_TABLE.test(owner.text)) return true;
      return ts.isPropertyAccessExpression(n) && TEXT_NAME.test(n.name.text);
    }
    if (ts.isCallExpression(n)) {
      const callee = bare(n.expression);
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      return TEXT_NAME.test(name) || n.arguments.some(textual);
    }
    return false;
  };
  function textual(node: ts.Expression): boolean {
    return chinese(node) || errorText(node);
  }
  /** undefined, null or '': a presence check, not a comparison of text. */
  const nothing = (node: ts.Expression): boolean => {
    const n = bare(node);
    return (
      n.kind === ts.SyntaxKind.NullKeyword ||
      (ts.isIdentifier(n) && n.text === 'undefined') ||
      (ts.isStringLiteralLike(n) && n.text === '')
    );
  };
  const report = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push({ line: line + 1, text: node.getText(file).replace(/\s+/g, ' ').slice(0, 120) });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      const [a, b] = [node.left, node.right];
      if (
        EQUALITY.has(op) &&
        (chinese(a) || chinese(b) || (errorText(a) && !nothing(b)) || (errorText(b) && !nothing(a)))
      )
        return report(node);
      if (op === ts.SyntaxKind.InKeyword && textual(a)) return report(node);
    } else if (ts.isCallExpression(node)) {
      const callee = bare(node.expression);
      if (
        ts.isPropertyAccessExpression(callee) &&
        SEARCHES.has(callee.name.text) &&
        (textual(callee.expression) || node.arguments.some(textual))
      )
        return report(node);
    } else if (ts.isSwitchStatement(node)) {
      const cases = node.caseBlock.clauses.filter(ts.isCaseClause).map((c) => c.expression);
      if (textual(node.expression) || cases.some(textual)) return report(node);
    } else if (ts.isElementAccessExpression(node) && textual(node.argumentExpression)) {
      return report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

describe('no branching on error text', () => {
  it('finds each kind of comparison with a Chinese text or an error detail', () => {
    const planted = [
      `if (err.detail === '您已完成投票') done();`,
      `if (detail === PUBLIC_VOTE_DETAILS.capReached) full();`,
      `if (PAPER_DETAILS['counted'] !== e.detail) x();`,
      `const voted = error.message == '您已完成投票';`,
      `if (serverDetail(err) === text) x();`,
      `if (err.detail?.includes('已完成')) done();`,
      `if (e.message.startsWith(prefix)) x();`,
      `if (/测评码/.test(err.detail ?? '')) x();`,
      'if (`已${what}` === shown) x();',
      `if (label === '投票已结束') x();`,
      `if (['已结束', '已停用'].includes(title)) x();`,
      `switch (err.detail) { case 'a': break; }`,
      `switch (title) { case '投票已结束': break; }`,
      `const page = PAGES[err.detail];`,
      `if (e.detail in PAGES) x();`,
      `if (Object.values(PUBLIC_VOTE_DETAILS).includes(shown)) x();`,
      `if (new Set(['投票已结束']).has(title)) x();`,
      `if (String(err.detail) === shown) x();`,
    ];
    for (const sample of planted) expect(textBranches(sample), sample).toHaveLength(1);
  });

  it('lets a page decide by code or status, check that a detail is there, and show it', () => {
    const fine = [
      `if (err.code === 'CAP_REACHED') full();`,
      `if (err instanceof ApiError && err.status === 403) ask();`,
      `switch (err.code) { case 'ALREADY_VOTED': break; }`,
      `if (err.detail !== undefined && body.detail != null && e.message !== '') x();`,
      `const detail = typeof body.detail === 'string' ? body.detail : undefined;`,
      `message.error(\`保存失败：\${err.detail ?? '请检查数据格式'}\`);`,
      `const shown = code === 'CODE_UNKNOWN' ? PUBLIC_VOTE_DETAILS.codeUnknown : undefined;`,
      `const t = <p title={err.detail}>{'投票已结束'}</p>;`,
      `if (q.type === 'multiple_choice' && !q.text.includes('多选')) hint();`,
    ];
    expect(fine.flatMap((s) => textBranches(s, 'sample.tsx', ['多选']))).toEqual([]);
    // The same data literal is a finding where it is not declared as data.
    expect(textBranches(fine.at(-1)!)).toHaveLength(1);
  });

  it('apps/web/src branches on no error text', () => {
    const found = sourceFiles(SRC).flatMap((path) => {
      const name = relative(SRC, path).split('\\').join('/');
      return textBranches(readFileSync(path, 'utf8'), name, DATA_LITERALS[name]).map(
        (f) => `${name}:${f.line}: ${f.text}`,
      );
    });
    expect(found).toEqual([]);
  });

  it('keeps the data literals true: each is still compared in its file and is no error detail', () => {
    const details = Object.values(ERRORS).map((e) => e.detail);
    for (const [name, literals] of Object.entries(DATA_LITERALS)) {
      const source = readFileSync(join(SRC, name), 'utf8');
      // Without its allowance the file has a finding per data literal: the allowance is still needed.
      expect(textBranches(source, name).length, name).toBeGreaterThanOrEqual(literals.length);
      for (const literal of literals) {
        expect(source, name).toContain(`'${literal}'`);
        expect(
          details.filter((d) => d.includes(literal)),
          literal,
        ).toEqual([]);
      }
    }
  });
});
