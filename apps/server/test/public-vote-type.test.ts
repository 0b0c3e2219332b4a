import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { bearer, multipartFile } from './helpers/factories';
import { PUBLIC, submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { PNG } from './helpers/cover-fixtures';

let ctx: TestContext;
let token: string;
let f: BallotFixture;

const w = useBallotWorld();
beforeEach(() => ({ ctx, token, f } = w));

const view = (link: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `${PUBLIC}/vote-type/${link}${query}` });

describe('GET /public/polls/vote-type/{linkId}', () => {
  it('gives the appraisal ballot: company, vote type, polls, active targets in order', async () => {
    const res = await view(f.appraisal.link_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      link_id: f.appraisal.link_id,
      company: { id: f.company.id, name: '华东能源有限公司' },
      vote_type: {
        name: '班子成员',
        form_category: 'democratic_appraisal',
        opens_at: null,
        closes_at: null,
        status: 'open',
        access_mode: 'link',
        test_mode: false,
      },
      code_state: null,
      ready: true,
      notice: null,
      subjects: [],
      covers: { front: null, back: null },
      already_voted: false,
    });
    // A voter identifier never leads to a submission id (issue 12).
    expect(body).not.toHaveProperty('submission_id');
    expect(body.polls.map((p: { target_type: string }) => p.target_type)).toEqual(['company', 'person']);
    expect(body.polls[0].form_schema.evaluationGroups[1].items).toHaveLength(6);
    expect(body.targets.map((t: { name: string }) => t.name)).toEqual([
      '领导班子',
      '王建国',
      '李红梅',
      '张志强',
    ]);
    expect(body.targets[0]).toEqual({
      id: f.companyTarget.id,
      name: '领导班子',
      type: 'company',
      title: '',
      sort_order: 10,
    });
  });

  it('gives the evaluation ballot: cadre and newly promoted polls, active subjects in order', async () => {
    const body = (await view(f.evaluation.link_id)).json();
    expect(body.vote_type.form_category).toBe('democratic_evaluation');
    expect(body.polls.map((p: { target_type: string }) => p.target_type)).toEqual([
      'cadre',
      'newly_promoted',
    ]);
    expect(body.polls[1].form_schema.title).toBe('新提拔任用干部民主评议表');
    expect(body.targets).toEqual([]);
    expect(body.subjects.map((s: { name: string }) => s.name)).toEqual(['周明', '吴敏']);
    expect(body.subjects[0]).toEqual({
      id: f.subjects[0]!.id,
      name: '周明',
      birth_date: '',
      previous_position: '',
      current_position: '财务部经理',
      sort_order: 0,
    });
  });

  it('tells a voter who already voted, without the submission id', async () => {
    const body = submission(f);
    await submit(ctx.app, body);
    const mine = (await view(f.appraisal.link_id, `?voter_identifier=${body.voter_identifier}`)).json();
    expect(mine).toMatchObject({ already_voted: true });
    expect(JSON.stringify(mine)).not.toContain(body.submission_id);
    const other = (await view(f.appraisal.link_id, '?voter_identifier=someone-else-1')).json();
    expect(other).toMatchObject({ already_voted: false });
    // The same voter has not voted in the other vote type.
    const evaluation = (
      await view(f.evaluation.link_id, `?voter_identifier=${body.voter_identifier}`)
    ).json();
    expect(evaluation.already_voted).toBe(false);
  });

  it('shows the status and no ballot when closed, not started or switched off', async () => {
    const cases = [
      [sql`closes_at = now() - interval '1 minute'`, 'closed'],
      [sql`opens_at = now() + interval '1 hour', closes_at = NULL`, 'not_started'],
      [sql`opens_at = NULL, is_active = false`, 'inactive'],
    ] as const;
    for (const [set, status] of cases) {
      await ctx.database.db.execute(sql`UPDATE vote_types SET ${set} WHERE id = ${f.appraisal.id}`);
      const body = (await view(f.appraisal.link_id)).json();
      expect(body).toMatchObject({
        vote_type: { status },
        ready: false,
        notice: null,
        polls: [],
        targets: [],
      });
    }
  });

  it('answers 404 for an unknown link and 400 for a malformed one or voter identifier', async () => {
    const res = await view('AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: '投票链接无效或已失效', code: 'LINK_UNKNOWN' });
    expect((await view('bad%20link')).statusCode).toBe(400);
    expect((await view(f.appraisal.link_id, '?voter_identifier=a')).statusCode).toBe(400);
  });
});

describe('covers', () => {
  it('lists uploaded covers with a public URL and serves their bytes without credentials', async () => {
    const form = multipartFile(PNG, 'cover.png', 'image/png');
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/covers/?company_id=${f.company.id}&vote_type_id=${f.appraisal.id}`,
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const body = (await view(f.appraisal.link_id)).json();
    const url = `${PUBLIC}/vote-type/${f.appraisal.link_id}/cover/front`;
    // Voters get the WebP made at upload; the admin keeps the original PNG (covers-processing.test.ts).
    const display = upload.json().display;
    expect(body.covers).toEqual({
      front: {
        url,
        content_type: 'image/webp',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        size: display.size,
        width: 1,
        height: 1,
      },
      back: null,
    });
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.rawPayload.length).toBe(display.size);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(body.covers.front.sha256);
    expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const back = await ctx.app.inject({ method: 'GET', url: url.replace('front', 'back') });
    expect(back.statusCode, back.body).toBe(404);
    expect(back.json()).toEqual({ detail: '封底不存在', code: 'BACK_COVER_NOT_FOUND' });
    expect((await ctx.app.inject({ method: 'GET', url: url.replace('front', 'side') })).statusCode).toBe(400);
    const unknown = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/vote-type/nolink/cover/front` });
    expect(unknown.json()).toEqual({ detail: '投票链接无效或已失效', code: 'LINK_UNKNOWN' });
  });
});
