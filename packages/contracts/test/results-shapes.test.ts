import { describe, expect, it } from 'vitest';
import { statisticsQuery } from '../src/cadre-results';
import { companyResultsQuery } from '../src/company-results';
import { voteListQuery, voterDeleteQuery, voterResultsQuery } from '../src/records';

describe('results queries', () => {
  it('fill paging and sorting defaults and coerce query-string numbers', () => {
    expect(voteListQuery.parse({ company_id: '3' })).toEqual({
      company_id: 3,
      skip: 0,
      limit: 20,
      sort_by: 'created_at',
      order: 'desc',
    });
    expect(voterResultsQuery.parse({ sort_by: 'total_score', order: 'asc', limit: '500' })).toMatchObject({
      sort_by: 'total_score',
      order: 'asc',
      limit: 500,
    });
    expect(companyResultsQuery.parse({})).toEqual({ form_category: 'democratic_appraisal' });
  });

  it('refuse what the server cannot answer, in Chinese', () => {
    const bad = [
      voteListQuery.safeParse({ sort_by: 'name' }),
      voteListQuery.safeParse({ from: '2025-01-01' }),
      voteListQuery.safeParse({ limit: '0' }),
      statisticsQuery.safeParse({ company_id: '1', threshold: '1.5' }),
      voterDeleteQuery.safeParse({ company_id: '1' }),
    ];
    for (const r of bad) expect(r.success).toBe(false);
    expect(statisticsQuery.safeParse({ company_id: '1', threshold: '2' }).error?.issues[0]?.message).toBe(
      '阈值必须在 0 到 1 之间',
    );
    expect(
      voteListQuery.safeParse({ from: '2025-01-01T08:00:00+08:00', to: '2025-01-02T00:00:00Z' }).success,
    ).toBe(true);
  });

  it('take the threshold as a fraction', () => {
    expect(statisticsQuery.parse({ company_id: '2', threshold: '0.5' })).toEqual({
      company_id: 2,
      threshold: 0.5,
    });
  });
});
