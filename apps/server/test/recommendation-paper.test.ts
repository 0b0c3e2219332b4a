// 民主推荐 paper sheets keyed by the 纸质票录入 screen (issue 30): 会议推荐 with 双人录入核对 like the other
// families (two accounts that agree count the sheet once, a conflict waits for a third, who settles it),
// an over-marked post stored 无效 for that post only, and a sheet's detail answering the counted entries
// (one per post, in the posts' order) as it does for a questionnaire's sheet.
import type { BallotEntryInput } from '@kaoping/contracts/public-vote-types';
import type { RecommendationPost } from '@kaoping/contracts/recommendation';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { useAdminWorld } from './helpers/ballot-world';
import { createCompany } from './helpers/factories';
import { otherKeyer, paperCalls } from './helpers/paper';
import {
  recommendationUnit,
  type RecommendationEntry,
  type RecommendationUnit,
} from './helpers/recommendation-fixtures';

const w = useAdminWorld({ reset: false, elevated: true });
let deputy: RecommendationPost; // 2 seats, 3 candidates, 1 另提名 box
let chief: RecommendationPost; // 1 seat, 2 candidates
let voteTypeId: number;
let second: string;
let third: string;
const paper = () => paperCalls(w.ctx.app, () => voteTypeId);

let unit: RecommendationUnit;
const sheet = (d: number[], dw: string[], c: number[]) =>
  unit.entries(d, dw, c) as unknown as BallotEntryInput[];
const id = (p: RecommendationPost, i: number) => p.candidates[i]!.id;
const rowsOfSheets = () =>
  rowsOf<{ post_id: number; status: string; answers: RecommendationEntry['answers'] }>(
    w.ctx.database.db,
    sql`SELECT post_id, status, answers FROM recommendation_votes WHERE vote_type_id = ${voteTypeId}
        ORDER BY submission_id, post_id`,
  );

beforeAll(async () => {
  const companyId = (await createCompany(w.ctx.app, w.token, '推荐纸质票单位')).id;
  unit = await recommendationUnit(w.ctx.app, () => w.token, companyId, [
    { name: '王强' },
    { name: '李娜' },
    { name: '张伟' },
  ]);
  ({ deputy, chief } = unit);
  voteTypeId = (await unit.voteType('会议推荐', { double_entry: true })).id;
  const printed = await paper().pdf(w.token, '?copies=5');
  expect(printed.statusCode, printed.body).toBe(200);
  second = await otherKeyer(w.ctx.app, w.token, 'keyer2');
  third = await otherKeyer(w.ctx.app, w.token, 'keyer3');
}, 60_000);

describe('民主推荐 paper sheets with 双人录入核对', () => {
  it('counts a sheet once two accounts agree; its detail answers the counted entries per post', async () => {
    const marks = sheet([id(deputy, 0), id(deputy, 1)], [], [id(chief, 0)]);
    const first = await paper().enter(w.token, '1', marks);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ label: '编号 1', state: 'pending', counted: null });
    expect(await rowsOfSheets()).toEqual([]);
    const again = await paper().enter(w.token, '1', marks);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PAPER_SAME_KEYER');

    const agreed = await paper().enter(second, '1', marks);
    expect(agreed.statusCode, agreed.body).toBe(201);
    expect(agreed.json()).toMatchObject({ state: 'counted', entries: 2, counts: { paper: 1, pending: 0 } });
    expect(agreed.json().counted).toEqual(agreed.json().first);
    expect(agreed.json().counted).toEqual([
      { post_id: deputy.id, answers: { choices: [id(deputy, 0), id(deputy, 1)], write_ins: [] } },
      { post_id: chief.id, answers: { choices: [id(chief, 0)], write_ins: [] } },
    ]);
    const detail = await paper().detail(third, '1');
    expect(detail.json().counted).toEqual(agreed.json().first);
    expect((await rowsOfSheets()).map((r) => r.status)).toEqual(['valid', 'valid']);
  });

  it('waits for a third account on a conflict; settled over-marked, the post alone is 无效', async () => {
    const over = sheet([id(deputy, 0), id(deputy, 1)], ['孙丽'], [id(chief, 1)]);
    expect((await paper().enter(w.token, '2', over)).statusCode).toBe(201);
    const other = await paper().enter(second, '2', sheet([id(deputy, 0)], ['孙丽'], [id(chief, 1)]));
    expect(other.json()).toMatchObject({ state: 'conflict', counted: null });
    const refused = await paper().correct(second, '2', over);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PAPER_SETTLE_BY_THIRD');

    // The paper as marked: three names for two seats. Stored, 副总经理 无效 on this sheet only.
    const settled = await paper().correct(third, '2', over);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ state: 'counted', counts: { paper: 2, conflict: 0 } });
    expect(settled.json().counted).toEqual([
      { post_id: deputy.id, answers: { choices: [id(deputy, 0), id(deputy, 1)], write_ins: ['孙丽'] } },
      { post_id: chief.id, answers: { choices: [id(chief, 1)], write_ins: [] } },
    ]);
    const rows = await rowsOfSheets();
    expect(
      rows
        .filter((r) => r.post_id === deputy.id)
        .map((r) => r.status)
        .sort(),
    ).toEqual(['invalid', 'valid']);
    expect(rows.filter((r) => r.post_id === chief.id).map((r) => r.status)).toEqual(['valid', 'valid']);
  });

  it('still refuses what a keyer can correct: a listed name written in', async () => {
    const res = await paper().enter(w.token, '3', sheet([], ['王 强'], []));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'RECOMMENDATION_WRITE_IN_LISTED' });
    expect(res.json().detail).toContain('已在参考人选中');
  });
});
