import { describe, expect, it } from 'vitest';
import { ballotStructure, renamedOption } from '../src/poll-structure';
import { pollTemplate } from '../src/templates/by-kind';

describe('renamedOption', () => {
  it('names the first option whose name changed, by group', () => {
    const before = pollTemplate('person').form_schema;
    const after = structuredClone(before);
    expect(renamedOption('person', before, after)).toBeUndefined();
    after.evaluationGroups[0].options[1]!.label = '合格';
    expect(renamedOption('person', before, after)).toBe('总体评价选项“称职”改为“合格”');
    // The name alone changed: the structure (values, scores) did not.
    expect(ballotStructure('person', after)).toBe(ballotStructure('person', before));
  });

  it('finds reverse option renames and ignores spaces around a name', () => {
    const before = pollTemplate('company').form_schema;
    const spaced = structuredClone(before);
    spaced.reverseEvaluation.options[0]!.label = ' 存在 ';
    expect(renamedOption('company', before, spaced)).toBeUndefined();
    spaced.reverseEvaluation.options[0]!.label = '有此问题';
    expect(renamedOption('company', before, spaced)).toBe('反向测评选项“存在”改为“有此问题”');
  });

  it('finds a renamed option of a cadre choice question, numbered across pages', () => {
    const before = pollTemplate('cadre').form_schema;
    const after = structuredClone(before);
    after.pages[1]!.questions[0]!.options[5] = '没有问题';
    expect(renamedOption('cadre', before, after)).toBe('第 3 题选项“不存在突出问题”改为“没有问题”');
    // Question texts are not options.
    const texts = structuredClone(before);
    texts.pages[0]!.questions[0]!.text = '总体评价';
    expect(renamedOption('cadre', before, texts)).toBeUndefined();
  });

  it('has nothing to lock in the newly promoted questionnaire (its opinions are fixed)', () => {
    const before = pollTemplate('newly_promoted').form_schema;
    expect(renamedOption('newly_promoted', before, { ...before, footer_note: '' })).toBeUndefined();
  });
});
