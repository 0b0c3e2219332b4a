import { describe, expect, it } from 'vitest';
import { uuidV4, UUID_PATTERN } from '@/public/lib/random-id';
import { loadDraft } from '@/public/lib/voter-store';
import { buildBallots } from '@/public/vote/ballot-answers';
import { buildSteps, missingOf } from '@/public/vote/ballot-steps';
import { appraisalView, evaluationView, LINK } from './vote-test-utils';

describe('ballot model', () => {
  it('makes RFC 4122 version 4 ids from getRandomValues', () => {
    const ids = new Set(Array.from({ length: 50 }, uuidV4));
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(UUID_PATTERN.test('not-a-uuid')).toBe(false);
  });

  it('orders steps by poll then target, and one per cadre page', () => {
    expect(buildSteps(appraisalView()).map((s) => s.id)).toEqual(['step-11-t1', 'step-12-t2', 'step-12-t3']);
    expect(buildSteps(evaluationView()).map((s) => s.label)).toEqual([
      '选人用人工作民主评议表（第 1 页）',
      '选人用人工作民主评议表（第 2 页）',
      '新提拔任用干部民主评议表',
    ]);
  });

  it('sends only what the current questionnaire knows, one entry per evaluation poll', () => {
    const steps = buildSteps(evaluationView());
    const answers = {
      '21': { overall: '好', supervision: '较好', problems: ['不存在突出问题'], removed_question: 'x' },
      '22': { subject_5: '认同', subject_6: '不了解', subject_99: '认同', reason: '  ' },
    };
    expect(buildBallots(steps, answers)).toEqual([
      { poll_id: 21, answers: { overall: '好', supervision: '较好', problems: ['不存在突出问题'] } },
      { poll_id: 22, answers: { subject_5: '认同', subject_6: '不了解' } },
    ]);
    expect(steps.flatMap((s) => missingOf(s, answers))).toEqual([]);
  });

  it('survives a damaged draft: unreadable answers count as unanswered', () => {
    const steps = buildSteps(appraisalView());
    expect(missingOf(steps[0]!, { '11:1': 'garbage' })[0]).toBe('总体评价');
    localStorage.setItem(`kp-vote-draft:${LINK}`, '{"v":1,"submission_id":"nope"}');
    expect(loadDraft(LINK)).toBeNull();
    localStorage.setItem(`kp-vote-draft:${LINK}`, '{not json');
    expect(loadDraft(LINK)).toBeNull();
  });
});
