// One word per thing (issue 24): a unit is 单位, never 公司, and the leadership team is 领导班子, never 单位,
// in every Chinese text a person reads on the screens, in the API and in the documents. The texts the
// product spec quotes in Chinese keep their own words (docs/ARCHITECTURE.md, "Wording"). The texts are
// read out of the source with the TypeScript parser (string literals, template parts, JSX text), so
// comments, which nobody reads on a screen, are not texts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/contracts/src'];

/** The spec's own Chinese texts (spec §5, §8) and an example unit name: the only 公司 allowed. */
const SPEC_TEXTS = [
  '请先在页面顶部选择公司',
  '请先选择公司',
  '该公司暂无问卷',
  '该公司暂无个人问卷',
  '该公司暂无选人用人工作问卷',
];
const EXAMPLE_NAMES = ['例如：某某集团有限公司'];

/** The team called 单位: 单位民主测评, 单位、个人 and the like. */
const TEAM_AS_UNIT = /单位(民主测评|、个人|和个人|或个人|与个人)/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Every text of a source file, with its line. */
function textsOf(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    )
      out.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const all = SOURCES.flatMap((dir) => files(path.join(ROOT, dir))).flatMap((file) =>
  textsOf(file).map((t) => ({ ...t, where: `${path.relative(ROOT, file)}:${t.line}` })),
);

describe('one word per thing in the Chinese texts', () => {
  it('reads the texts of the source (the check would see a 公司)', () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(all.some((t) => SPEC_TEXTS.includes(t.text))).toBe(true);
  });

  it('calls a unit 单位: 公司 appears only in the spec’s own texts', () => {
    const wrong = all
      .filter((t) => t.text.includes('公司'))
      .filter((t) => !SPEC_TEXTS.includes(t.text) && !EXAMPLE_NAMES.includes(t.text))
      .map((t) => `${t.where}: ${t.text}`);
    expect(wrong).toEqual([]);
  });

  it('calls the leadership team 领导班子, never 单位', () => {
    const wrong = all.filter((t) => TEAM_AS_UNIT.test(t.text)).map((t) => `${t.where}: ${t.text}`);
    expect(wrong).toEqual([]);
  });
});
