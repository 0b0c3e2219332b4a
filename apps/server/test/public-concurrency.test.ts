import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { countRows, submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';

// On PostgreSQL (TEST_DATABASE_URL) these requests really run side by side on a pool of connections;
// on PGlite they interleave on one connection. Either way the database decides, not the process.

let ctx: TestContext;
let f: BallotFixture;

const w = useBallotWorld();
beforeEach(() => ({ ctx, f } = w));

describe('concurrent submissions', () => {
  it('50 parallel copies of one submission store exactly one ballot and all get the same receipt', async () => {
    const body = submission(f);
    const answers = await Promise.all(Array.from({ length: 50 }, () => submit(ctx.app, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const first = answers[0]!.json();
    for (const r of answers) expect(r.json()).toEqual(first);
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
  });

  it('200 parallel voters store exactly 200 ballots', async () => {
    const bodies = Array.from({ length: 200 }, (_, i) => submission(f, i % 2 ? 'appraisal' : 'evaluation'));
    const answers = await Promise.all(bodies.map((b) => submit(ctx.app, b)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(200);
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 200, votes: 400, cadre_votes: 200 });
    // Every submission has all its rows: nothing half-written.
    const partial = (await ctx.database.db.execute(sql`
      SELECT s.id FROM submissions s
      WHERE s.ballot_count <> (SELECT count(*) FROM votes v WHERE v.submission_id = s.id)
                            + (SELECT count(*) FROM cadre_votes c WHERE c.submission_id = s.id)`)) as unknown as {
      rows: unknown[];
    };
    expect(partial.rows).toEqual([]);
    // Group commit (modules/voting/lanes.ts): ballots of one link that arrive together are
    // stored by one statement, on PGlite as on PostgreSQL. Rows of one statement share its transaction id.
    const statements = (await ctx.database.db.execute(
      sql`SELECT count(DISTINCT xmin::text)::int AS n FROM submissions`,
    )) as unknown as { rows: { n: number }[] };
    expect(statements.rows[0]!.n).toBeLessThanOrEqual(100);
  });

  it('one voter sending 20 different ballots at once gets exactly one stored', async () => {
    const voter = 'one-voter-many-tabs';
    const bodies = Array.from({ length: 20 }, () => submission(f, 'appraisal', { voter_identifier: voter }));
    const answers = await Promise.all(bodies.map((b) => submit(ctx.app, b)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(409)]);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json()).toEqual({ detail: '您已完成投票', code: 'ALREADY_VOTED' });
    }
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
  });

  it('one submission_id claimed by 10 voters at once is stored once, for one of them', async () => {
    const id = randomUUID();
    const bodies = Array.from({ length: 10 }, () => submission(f, 'appraisal', { submission_id: id }));
    const answers = await Promise.all(bodies.map((b) => submit(ctx.app, b)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
  });
  it('a burst of voters, retries and second tabs: each stored ballot holds its own answers, nothing else', async () => {
    // Ballots of one link that arrive together may share one statement (group commit): each must still
    // stand alone. Every evaluation ballot writes its own submission id into a free-text answer to check
    // that (a second tab's ballot is a different ballot of the same voter: either may be the one kept).
    const marked = (body: ReturnType<typeof submission>) => {
      if (body.link_id === f.evaluation.link_id)
        (body.ballots[0]!.answers as Record<string, unknown>).suggestions = body.submission_id;
      return body;
    };
    const firsts = Array.from({ length: 60 }, (_, i) =>
      marked(submission(f, i % 2 ? 'appraisal' : 'evaluation')),
    );
    const retries = firsts.slice(0, 20).map((b) => ({ ...b }));
    const secondTabs = firsts.slice(20, 40).map((b) =>
      marked(
        submission(f, b.link_id === f.appraisal.link_id ? 'appraisal' : 'evaluation', {
          voter_identifier: b.voter_identifier,
        }),
      ),
    );
    const answers = await Promise.all([...firsts, ...retries, ...secondTabs].map((b) => submit(ctx.app, b)));
    const firstAnswers = answers.slice(0, 60);
    const retryAnswers = answers.slice(60, 80);
    const tabAnswers = answers.slice(80);
    // Each voter has exactly one ballot, from the first or the second tab; retries get the first's receipt.
    firstAnswers.slice(0, 20).forEach((r, i) => {
      expect(r.statusCode).toBe(201);
      expect(retryAnswers[i]!.statusCode).toBe(201);
      expect(retryAnswers[i]!.json()).toEqual(r.json());
    });
    firstAnswers.slice(20, 40).forEach((r, i) => {
      expect([r.statusCode, tabAnswers[i]!.statusCode].sort()).toEqual([201, 409]);
    });
    firstAnswers.slice(40).forEach((r) => expect(r.statusCode).toBe(201));
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 60, votes: 120, cadre_votes: 60 });
    // Every ballot row belongs to its own submission: same voter, and the ballot's own free text.
    const rows = (await ctx.database.db.execute(sql`
      SELECT s.id, s.voter_identifier AS voter, c.voter_identifier AS row_voter, c.answers->>'suggestions' AS text
      FROM submissions s JOIN cadre_votes c ON c.submission_id = s.id
      UNION ALL
      SELECT s.id, s.voter_identifier, v.voter_identifier, NULL FROM submissions s JOIN votes v ON v.submission_id = s.id`)) as unknown as {
      rows: { id: string; voter: string; row_voter: string; text: string | null }[];
    };
    const textRows = rows.rows.filter((r) => r.text !== null);
    expect(textRows).toHaveLength(30);
    for (const r of rows.rows) expect(r.row_voter).toBe(r.voter);
    for (const r of textRows) expect(r.text).toBe(r.id);
    // And the ballot kept for each voter is the one whose request was answered 201.
    const stored = new Set(rows.rows.map((r) => r.id));
    const sent = [...firsts, ...retries, ...secondTabs];
    answers.forEach((a, i) => {
      if (a.statusCode === 201) expect(stored.has(sent[i]!.submission_id)).toBe(true);
      else expect(a.statusCode).toBe(409);
    });
    // Every receipt answered with a 201 can be read back.
    for (const r of answers.filter((a) => a.statusCode === 201)) {
      const receipt = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/public/polls/votes/${r.json().receipt_id}`,
      });
      expect(receipt.statusCode).toBe(200);
      expect(receipt.json().submission_id).toBe(r.json().submission_id);
    }
  });
});
