import { describe, expect, it } from 'vitest';
import { validateCadreAnswers, validateScoringAnswers } from '../src/answers';
import { cadreQuestions, type CadreFormSchema } from '../src/cadre-schema';
import { parseFormSchema } from '../src/poll';
import { POLL_TARGET_TYPES } from '../src/poll-kinds';
import { scoreBallot } from '../src/scoring';
import type { ScoringFormSchema } from '../src/scoring-schema';
import { pollTemplate } from '../src/templates/by-kind';

describe('templates', () => {
  it('are valid and unchanged by their own schema', () => {
    for (const kind of POLL_TARGET_TYPES) {
      const t = pollTemplate(kind);
      expect(parseFormSchema(kind, t.form_schema), kind).toEqual({ success: true, data: t.form_schema });
      expect(t.title.length, kind).toBeGreaterThan(0);
    }
  });

  for (const kind of ['company', 'person'] as const) {
    it(`${kind}: the best ballot scores exactly 100 and the worst 0 minus every reverse mark`, () => {
      const s = pollTemplate(kind).form_schema as ScoringFormSchema;
      const [overall, items] = s.evaluationGroups;
      const top = <T extends { score: number }>(o: T[]) => o.reduce((a, b) => (b.score > a.score ? b : a));
      const low = <T extends { score: number }>(o: T[]) => o.reduce((a, b) => (b.score < a.score ? b : a));
      const best = {
        overall: top(overall.options).value,
        items: Object.fromEntries(items.items.map((i) => [i.id, top(items.options).value])),
        reverse: {},
      };
      expect(validateScoringAnswers(s, best).success).toBe(true);
      expect(scoreBallot(s, best)).toBe(100);
      const worst = {
        overall: low(overall.options).value,
        items: Object.fromEntries(items.items.map((i) => [i.id, low(items.options).value])),
        reverse: Object.fromEntries(s.reverseEvaluation.items.map((i) => [i.id, 'present'])),
      };
      expect(scoreBallot(s, worst)).toBe(-5 * s.reverseEvaluation.items.length);
    });
  }

  it('company: the wording of DESIGN.md', () => {
    const s = pollTemplate('company').form_schema as ScoringFormSchema;
    expect(s.evaluationGroups[1].items.map((i) => i.name)).toEqual([
      '政治素质',
      '经营业绩',
      '团结协作',
      '作风形象',
      '党建工作',
      '党风廉政建设',
    ]);
    expect(s.reverseEvaluation.items.map((i) => i.description)).toContain('违反中央八项规定精神问题');
  });

  it('person: overall 优秀/称职/基本称职/不称职', () => {
    const s = pollTemplate('person').form_schema as ScoringFormSchema;
    expect(s.evaluationGroups[0].options.map((o) => o.label)).toEqual(['优秀', '称职', '基本称职', '不称职']);
  });

  it('cadre: the four questions of DESIGN.md over two pages, answerable', () => {
    const s = pollTemplate('cadre').form_schema as CadreFormSchema;
    const qs = cadreQuestions(s);
    expect(qs.map((q) => q.type)).toEqual(['single_choice', 'single_choice', 'multiple_choice', 'text_area']);
    expect(qs[0]!.options).toEqual(['好', '较好', '一般', '差', '不了解']);
    expect(qs[2]!.options).toContain('选人用人“个人说了算”');
    const answers = { overall: '好', supervision: '较好', problems: ['不存在突出问题'] };
    expect(validateCadreAnswers(s, answers)).toEqual({ success: true, data: answers });
  });

  it('returns a fresh copy each time', () => {
    const a = pollTemplate('company');
    (a.form_schema as ScoringFormSchema).evaluationGroups[0].options[0]!.score = 1;
    const b = pollTemplate('company').form_schema as ScoringFormSchema;
    expect(b.evaluationGroups[0].options[0]!.score).toBe(40);
  });
});
